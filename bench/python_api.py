#!/usr/bin/env python3
"""Per-call cost of the Python API calls a frontend makes most.

Measures, in one process:

* Operation.create of small ops (constants, adds, a call-site location) at
  the current InsertionPoint, against a reference measured in the same run:
  the same loop calling IntegerType.get_signless (one cheap binding call);
* building a nest of scf.execute_region ops through the API at growing
  depths: the time per level should not grow with the depth (ratio to the
  smallest depth near 1.0 means linear);
* walk() over a module, per operation.

    PYTHONPATH=build/python_packages python3 bench/python_api.py [--ops N]
"""
import argparse
import os
import time


def best_of(fn, repeat):
    times = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t)
    return min(times)


def main():
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--ops", type=int, default=20000)
    parser.add_argument("--depths", default="1000,4000,16000")
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    from tirx.ir import (Context, FunctionType, InsertionPoint, IntegerAttr,
                         IntegerType, Location, Module, Operation, StringAttr,
                         TypeAttr)
    n = args.ops
    with Context(), Location.file("kernel.py", 1, 1):
        i32 = IntegerType.get_signless(32)
        one = IntegerAttr.get(i32, 1)
        callee = Location.file("kernel.py", 10, 5, 10, 20)
        frames = [Location.file("kernel.py", 3, 1)]

        def reference():
            for _ in range(n):
                IntegerType.get_signless(32)

        def create():
            m = Module.create()
            with InsertionPoint(m.body):
                c = Operation.create("arith.constant", results=[i32],
                                     attributes={"value": one})
                v = c.result
                for i in range(n - 1):
                    loc = Location.callsite(callee, frames) if i % 8 == 0 else None
                    v = Operation.create("arith.addi", results=[i32],
                                         operands=[v, v], loc=loc).result
            return m

        ref = best_of(reference, args.repeat)
        made = []
        cre = best_of(lambda: made.append(create()), args.repeat)
        print(f"Operation.create: {cre / n * 1e6:.2f} us/op; reference "
              f"(IntegerType.get_signless): {ref / n * 1e6:.2f} us/call; "
              f"ratio {cre / ref:.2f}")

        m = made[-1]
        count = [0]

        def visit(op):
            count[0] += 1
        walk = best_of(lambda: m.operation.walk(visit), args.repeat)
        print(f"walk: {walk / count[0] * args.repeat * 1e6:.2f} us/op "
              f"({count[0] // args.repeat} ops); ratio to the reference "
              f"{walk / count[0] * args.repeat / (ref / n):.2f}")

        def nest(depth):
            mod = Module.create()
            f = Operation.create("func.func", regions=1, attributes={
                "sym_name": StringAttr.get("f"),
                "function_type": TypeAttr.get(FunctionType.get([], []))},
                ip=InsertionPoint(mod.body))
            cur = f.regions[0].blocks.append()
            for _ in range(depth):
                r = Operation.create("scf.execute_region", regions=1,
                                     ip=InsertionPoint(cur))
                cur = r.regions[0].blocks.append()
            made.append(mod)

        base = None
        for depth in [int(d) for d in args.depths.split(",")]:
            t = best_of(lambda: nest(depth), 1)
            per = t / depth
            base = base or per
            print(f"nest depth {depth}: {per * 1e6:.2f} us/level; ratio to "
                  f"depth {args.depths.split(',')[0]}: {per / base:.2f}")
    # Skip freeing: the timings are done (and older builds free deep nests
    # recursively).
    os._exit(0)


if __name__ == "__main__":
    main()
