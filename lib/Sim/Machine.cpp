//===- Machine.cpp - A launch: arguments, host part, clusters ---*- C++ -*-===//

#include "Exec.h"

#include "llvm/Support/MathExtras.h"

#include <chrono>
#include <ctime>
#include <numeric>

using namespace mlir;
using namespace mlir::tirx;
using namespace mlir::tirx::sim;

Machine::Machine(const Program &program, const Options &options)
    : prog(program), opts(options) {
  if (opts.maxErrors == 0)
    opts.maxErrors = 1;
  if (opts.quantum == 0)
    opts.quantum = 1;
  observedQuantum = opts.quantum;
  if (opts.trace)
    opts.quantum = 1;
  for (int i = 0; i < 3; ++i) {
    grid[i] = program.launch.grid[i];
    cluster[i] = program.launch.cluster[i];
    block[i] = program.launch.block[i];
  }
  threadsPerCTA = static_cast<uint32_t>(block[0] * block[1] * block[2]);
  ctasPerCluster =
      static_cast<uint32_t>(cluster[0] * cluster[1] * cluster[2]);
  raceCheck = opts.checkRaces;
}

Location Machine::location(uint32_t loc) const {
  return prog.ops[loc]->getLoc();
}

InFlightDiagnostic Machine::error(uint32_t loc) {
  ++errors;
  if (errors >= opts.maxErrors)
    stop = true;
  return mlir::emitError(location(loc));
}

GlobalBlock *Machine::globalBlock(uint64_t addr, uint64_t bytes,
                                  uint64_t &offset) {
  if (addr < kGlobalBase)
    return nullptr;
  uint64_t index = (addr - kGlobalBase) >> kGlobalShift;
  offset = (addr - kGlobalBase) & ((uint64_t(1) << kGlobalShift) - 1);
  if (index >= blocks.size() || offset + bytes > blocks[index].data.size())
    return nullptr;
  return &blocks[index];
}

/// Bits of a float argument in the parameter's kind.
static uint64_t floatArgBits(Type type, double v) {
  if (type.isF16())
    return doubleToFloatBits(SK::F16, v);
  if (type.isBF16())
    return doubleToFloatBits(SK::BF16, v);
  if (type.isF32())
    return doubleToFloatBits(SK::F32, v);
  if (type.isF64())
    return doubleToFloatBits(SK::F64, v);
  if (isa<Float8E4M3FNType>(type))
    return doubleToFloatBits(SK::E4M3, v);
  if (isa<Float8E5M2Type>(type))
    return doubleToFloatBits(SK::E5M2, v);
  return 0;
}

/// Binds `args` to the kernel function's parameters in `m.hostRegs`.
static LogicalResult bindArguments(Machine &m, ArrayRef<MemoryBlock> memory,
                                   ArrayRef<Argument> args) {
  const Program &prog = m.prog;
  Operation *func = prog.functions.front().op;
  if (args.size() != prog.params.size())
    return func->emitError("the kernel function takes ")
           << prog.params.size() << " argument(s), got " << args.size();
  const FunctionCode &fc = prog.functions.front();
  for (size_t i = 0; i < args.size(); ++i) {
    const ParamInfo &p = prog.params[i];
    const Argument &a = args[i];
    uint32_t s = fc.paramSlots[i];
    auto bad = [&]() -> InFlightDiagnostic {
      return func->emitError("argument #") << i << " (" << p.type << "): ";
    };
    auto blockOf = [&](uint64_t &base) -> LogicalResult {
      if (a.block >= memory.size())
        return bad() << "memory block " << a.block << " does not exist";
      if (a.byteOffset > memory[a.block].bytes)
        return bad() << "byte offset " << a.byteOffset << " is past the end "
                     << "of its memory (" << memory[a.block].bytes
                     << " bytes)";
      base = kGlobalBase + (uint64_t(a.block) << kGlobalShift) + a.byteOffset;
      return success();
    };
    switch (p.kind) {
    case ParamInfo::Kind::Buffer: {
      if (a.kind != Argument::Kind::Memory)
        return bad() << "expects an array";
      uint64_t base;
      if (failed(blockOf(base)))
        return failure();
      m.hostRegs[s] = base;
      auto type = cast<BufferType>(p.type);
      unsigned elemBytes = getElementBitWidth(type.getElementType()) / 8;
      uint64_t available = memory[a.block].bytes - a.byteOffset;
      // Dynamic extents from the array's shape, or the only one inferred.
      SmallVector<int64_t> shape(type.getShape());
      unsigned numDyn = type.getNumDynamicDims();
      if (numDyn) {
        if (!a.shape.empty()) {
          if (a.shape.size() != shape.size())
            return bad() << "the array has rank " << a.shape.size()
                         << ", the buffer " << shape.size();
          for (size_t d = 0; d < shape.size(); ++d)
            if (ShapedType::isDynamic(shape[d]))
              shape[d] = a.shape[d];
        } else if (numDyn == 1) {
          int64_t known = 1;
          for (int64_t d : shape)
            if (!ShapedType::isDynamic(d))
              known *= d;
          for (int64_t &d : shape)
            if (ShapedType::isDynamic(d))
              d = static_cast<int64_t>(available / elemBytes /
                                       std::max<int64_t>(known, 1));
        } else {
          return bad() << "the buffer has " << numDyn
                       << " dynamic extents; give the array's shape";
        }
        uint32_t k = 1;
        for (size_t d = 0; d < shape.size(); ++d)
          if (ShapedType::isDynamic(type.getShape()[d]))
            m.hostRegs[s + k++] = static_cast<uint64_t>(shape[d]);
      }
      uint64_t need = elemBytes;
      for (int64_t d : shape)
        need *= static_cast<uint64_t>(d);
      if (need > available)
        return bad() << "the buffer needs " << need << " bytes, the array "
                     << "has " << available;
      break;
    }
    case ParamInfo::Kind::Pointer: {
      if (a.kind != Argument::Kind::Memory)
        return bad() << "expects an array";
      uint64_t base;
      if (failed(blockOf(base)))
        return failure();
      m.hostRegs[s] = base;
      break;
    }
    case ParamInfo::Kind::Int:
      if (a.kind != Argument::Kind::Int)
        return bad() << "expects an integer";
      m.hostRegs[s] = static_cast<uint64_t>(a.intValue) &
                      widthMask(p.type.isIndex()
                                    ? 64
                                    : p.type.getIntOrFloatBitWidth());
      break;
    case ParamInfo::Kind::Float:
      if (a.kind != Argument::Kind::Float && a.kind != Argument::Kind::Int)
        return bad() << "expects a number";
      m.hostRegs[s] = floatArgBits(
          p.type, a.kind == Argument::Kind::Int
                      ? static_cast<double>(a.intValue)
                      : a.floatValue);
      break;
    case ParamInfo::Kind::TensorMap: {
      if (a.kind != Argument::Kind::TensorMap)
        return bad() << "expects a tensor map";
      uint64_t base;
      if (failed(blockOf(base)))
        return failure();
      TensorMapSpec spec = a.tensorMap;
      spec.globalAddress = base;
      if (auto problem = ::tirx::runtime::validateTensorMap(spec))
        return bad() << "invalid tensor map: " << problem->str();
      uint64_t esz = tensorMapElementBytes(spec.dtype);
      if (!esz)
        return bad() << "tensor maps of dtype '" << spec.dtype
                     << "' (packed sub-byte elements) are not modeled";
      // The tensor must lie inside its memory.
      uint64_t last = (spec.globalDim[0] - 1) * esz + esz;
      for (unsigned d = 1; d < spec.rank; ++d)
        last += (spec.globalDim[d] - 1) * spec.globalStrides[d - 1];
      if (last > memory[a.block].bytes - a.byteOffset)
        return bad() << "the tensor map spans " << last
                     << " bytes, its memory has "
                     << memory[a.block].bytes - a.byteOffset;
      m.hostRegs[s] = kTensorMapBase + m.tensorMaps.size() * kTensorMapStride;
      m.tensorMaps.push_back(spec);
      break;
    }
    }
  }
  return success();
}

LogicalResult sim::run(const Program &program, ArrayRef<MemoryBlock> memory,
                       ArrayRef<Argument> args, const Options &options,
                       Stats *stats) {
  if (options.explore || !options.schedule.empty())
    return runExplored(program, memory, args, options, stats);
  return runLaunch(program, memory, args, options, stats, nullptr);
}

LogicalResult sim::runLaunch(const Program &program,
                             ArrayRef<MemoryBlock> memory,
                             ArrayRef<Argument> args, const Options &options,
                             Stats *stats, ScheduleObserver *observer) {
  auto start = std::chrono::steady_clock::now();
  std::clock_t cpuStart = std::clock();
  Machine m(program, options);
  m.observer = observer;
  m.hostRegs.assign(program.functions.front().numSlots, 0);
  m.blocks.resize(memory.size());
  for (size_t i = 0; i < memory.size(); ++i) {
    GlobalBlock &b = m.blocks[i];
    const uint8_t *src = static_cast<const uint8_t *>(memory[i].data);
    b.data.assign(src, src + memory[i].bytes);
    b.name = memory[i].name.empty() ? "memory block #" + std::to_string(i)
                                    : memory[i].name;
    b.base = kGlobalBase + (uint64_t(i) << kGlobalShift);
    if (m.raceCheck)
      b.shadow.reset(memory[i].bytes);
  }
  // The program's own global variables, after the caller's blocks.
  for (const Program::StaticBlock &sb : program.staticBlocks) {
    GlobalBlock &b = m.blocks.emplace_back();
    b.data = sb.data;
    b.name = "'" + sb.name + "'";
    b.base = kGlobalBase + (uint64_t(m.blocks.size() - 1) << kGlobalShift);
    if (m.raceCheck)
      b.shadow.reset(b.data.size());
  }
  if (failed(bindArguments(m, memory, args)))
    return failure();

  // The host part runs up to the launch.
  uint32_t zero[3] = {0, 0, 0};
  ClusterExec host(m, zero, /*host=*/true);
  Thread hostThread;
  hostThread.regs = m.hostRegs;
  hostThread.pc = program.functions.front().entry;
  Step s = host.runThread(hostThread, ~uint64_t(0));
  bool ok = s == Step::Launch || s == Step::Exit;
  uint64_t clustersRun = 0;
  bool racesChecked = m.raceCheck;
  if (s == Step::Launch && !program.gridSlots.empty()) {
    // The grid the host part computed.
    for (size_t i = 0; i < program.gridSlots.size(); ++i) {
      int64_t g = static_cast<int64_t>(hostThread.regs[program.gridSlots[i]]);
      int64_t limit = i == 0 ? 0x7fffffff : 65535;
      if (g < 1 || g > limit || g % m.cluster[i] != 0) {
        InFlightDiagnostic d = program.kernelOp->emitOpError("grid extent ")
                               << i << " computed on the host is " << g
                               << "; it must be in [1, " << limit << "]";
        if (m.cluster[i] > 1)
          d << " and a multiple of the cluster extent " << m.cluster[i];
        ok = false;
        break;
      }
      m.grid[i] = g;
    }
  }
  if (s == Step::Launch && ok) {
    m.hostRegs = hostThread.regs;
    // Clusters run one at a time, in a seeded order.
    uint32_t nc[3];
    for (int i = 0; i < 3; ++i)
      nc[i] = static_cast<uint32_t>(m.grid[i] / m.cluster[i]);
    uint64_t total = uint64_t(nc[0]) * nc[1] * nc[2];
    std::vector<uint64_t> order(total);
    std::iota(order.begin(), order.end(), 0);
    std::mt19937_64 rng(options.seed ^ 0xC1A55EEDull);
    std::shuffle(order.begin(), order.end(), rng);
    for (uint64_t c : order) {
      uint32_t cid[3] = {static_cast<uint32_t>(c % nc[0]),
                         static_cast<uint32_t>((c / nc[0]) % nc[1]),
                         static_cast<uint32_t>(c / (uint64_t(nc[0]) * nc[1]))};
      m.clusterOrdinal = static_cast<uint32_t>(clustersRun + 1);
      ClusterExec ex(m, cid);
      if (!ex.vcWidth)
        racesChecked = false;
      ++clustersRun;
      if (!ex.run()) {
        ok = false;
        break;
      }
      if (m.stoppedByObserver)
        break;
    }
    if (ok && !m.stoppedByObserver) {
      hostThread.regs = m.hostRegs;
      s = host.runThread(hostThread, ~uint64_t(0));
      ok = s == Step::Exit;
      if (s == Step::Launch) {
        m.error(program.code[hostThread.pc - 1].loc)
            << "the kernel function launches its kernel twice";
        ok = false;
      }
    }
  }
  // Copy the memory back, also after an error (for inspection).
  for (size_t i = 0; i < memory.size(); ++i)
    if (memory[i].bytes) // an empty array may have no data pointer
      std::memcpy(memory[i].data, m.blocks[i].data.data(), memory[i].bytes);
  if (stats) {
    stats->dynamicOps = m.steps;
    stats->clusters = clustersRun;
    stats->ctas = clustersRun * m.ctasPerCluster;
    stats->threads = stats->ctas * m.threadsPerCTA;
    stats->asyncOps = m.asyncOps;
    stats->racesChecked = racesChecked && clustersRun > 0;
    stats->errors = m.errors;
    stats->seconds = std::chrono::duration<double>(
                         std::chrono::steady_clock::now() - start)
                         .count();
    stats->cpuSeconds = double(std::clock() - cpuStart) / CLOCKS_PER_SEC;
  }
  return success(ok && m.errors == 0);
}
