// RUN: tirx-sim %s --arg=zeros --print=full | FileCheck %s

// Warp collectives over one warp, each lane writing one row of results:
//   0: shfl.sync up 1 (lane 0 keeps its own value)
//   1: shfl.sync down 2 within segments of 8 lanes (c = 0x1807)
//   2: shfl.sync idx 5 in segments of 16 (c = 0x101f)
//   3: shfl.sync bfly 31, and whether the source was in range (+100)
//   4: vote.sync ballot of (lane % 3 == 0), any and all (x10, x100)
//   5: redux.sync add, max and min over lanes 0-15 (the others 0)
//   6: match.sync any on lane / 4 (the lanes holding the same value)
//   7: elect.sync over lanes 8-15 (lane 8 elected), activemask (every lane:
//      the simulator does not track divergence)
// CHECK-LABEL: arg0: int32[256]
// CHECK-NEXT: [0, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30,
// CHECK-SAME: 2, 3, 4, 5, 6, 7, 6, 7, 10, 11, 12, 13, 14, 15, 14, 15, 18, 19, 20, 21, 22, 23, 22, 23, 26, 27, 28, 29, 30, 31, 30, 31,
// CHECK-SAME: 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 21, 21, 21, 21, 21, 21, 21, 21, 21, 21, 21, 21, 21, 21, 21, 21,
// CHECK-SAME: 131, 130, 129, 128, 127, 126, 125, 124, 123, 122, 121, 120, 119, 118, 117, 116, 115, 114, 113, 112, 111, 110, 109, 108, 107, 106, 105, 104, 103, 102, 101, 100,
// CHECK-SAME: 1227133513, 10, 0,
// CHECK: 120, 15, 0,
// CHECK: 15, 15, 15, 15, 240, 240, 240, 240, 3840, 3840, 3840, 3840,
// CHECK: -268435456, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, -1]
func.func @warp_ops(%out: !tirx.buffer<256xi32, global>) {
  tirx.kernel {
    %lane = tirx.lane_id [32] : i32
    %tx = tirx.thread_id [32] : i32
    %full = arith.constant -1 : i32
    %zero = arith.constant 0 : i32
    %one = arith.constant 1 : i32
    %two = arith.constant 2 : i32
    %three = arith.constant 3 : i32
    %four = arith.constant 4 : i32
    %five = arith.constant 5 : i32
    %c16 = arith.constant 16 : i32
    %c31 = arith.constant 31 : i32
    %c32 = arith.constant 32 : i32
    %c100 = arith.constant 100 : i32
    %row = arith.constant 32 : index
    %l = arith.index_cast %lane : i32 to index
    %r0 = tirx.ptx.shfl.sync up %full, %lane, %one, %zero : i32
    tirx.buffer_store %r0, %out[%l] : i32, !tirx.buffer<256xi32, global>
    %seg8 = arith.constant 6151 : i32
    %r1 = tirx.ptx.shfl.sync down %full, %lane, %two, %seg8 : i32
    %o1 = arith.addi %l, %row : index
    tirx.buffer_store %r1, %out[%o1] : i32, !tirx.buffer<256xi32, global>
    %seg16 = arith.constant 4127 : i32
    %r2 = tirx.ptx.shfl.sync idx %full, %lane, %five, %seg16 : i32
    %o2 = arith.addi %o1, %row : index
    tirx.buffer_store %r2, %out[%o2] : i32, !tirx.buffer<256xi32, global>
    %r3, %ok = tirx.ptx.shfl.sync bfly %full, %lane, %c31, %c31 : i32 -> i1
    %oki = arith.extui %ok : i1 to i32
    %ok100 = arith.muli %oki, %c100 : i32
    %r3v = arith.addi %r3, %ok100 : i32
    %o3 = arith.addi %o2, %row : index
    tirx.buffer_store %r3v, %out[%o3] : i32, !tirx.buffer<256xi32, global>
    // Row 4 (lanes 0-2): ballot, any x10, all x100.
    %m3 = arith.remui %lane, %three : i32
    %p = arith.cmpi eq, %m3, %zero : i32
    %ballot = tirx.ptx.vote.sync ballot %full, %p : i32
    %any = tirx.ptx.vote.sync any %full, %p : i1
    %all = tirx.ptx.vote.sync all %full, %p : i1
    %anyi = arith.extui %any : i1 to i32
    %alli = arith.extui %all : i1 to i32
    %c10 = arith.constant 10 : i32
    %any10 = arith.muli %anyi, %c10 : i32
    %all100 = arith.muli %alli, %c100 : i32
    %o4 = arith.addi %o3, %row : index
    %lt3 = arith.cmpi ult, %lane, %three : i32
    %isl0 = arith.cmpi eq, %lane, %zero : i32
    %isl1 = arith.cmpi eq, %lane, %one : i32
    %v4a = arith.select %isl1, %any10, %all100 : i32
    %v4 = arith.select %isl0, %ballot, %v4a : i32
    tirx.if %lt3 {
      tirx.buffer_store %v4, %out[%o4] : i32, !tirx.buffer<256xi32, global>
    }
    // Row 5 (lanes 0-2): redux add, max, min of lane over lanes 0-15.
    %lo = arith.cmpi ult, %lane, %c16 : i32
    %x = arith.select %lo, %lane, %zero : i32
    %sum = tirx.ptx.redux.sync add %x, %full : i32
    %mx = tirx.ptx.redux.sync max %x, %full : i32
    %mn = tirx.ptx.redux.sync min %x, %full : i32
    %v5a = arith.select %isl1, %mx, %mn : i32
    %v5 = arith.select %isl0, %sum, %v5a : i32
    %o5 = arith.addi %o4, %row : index
    tirx.if %lt3 {
      tirx.buffer_store %v5, %out[%o5] : i32, !tirx.buffer<256xi32, global>
    }
    // Row 6: match any on lane / 4.
    %g = arith.divui %lane, %four : i32
    %same = tirx.ptx.match.sync any %full, %g : i32 -> i32
    %o6 = arith.addi %o5, %row : index
    tirx.buffer_store %same, %out[%o6] : i32, !tirx.buffer<256xi32, global>
    // Row 7: elect.sync in lanes 8-15, activemask in lane 31.
    %o7 = arith.addi %o6, %row : index
    %c8 = arith.constant 8 : i32
    %in8 = arith.cmpi uge, %lane, %c8 : i32
    %in16 = arith.cmpi ult, %lane, %c16 : i32
    %mid = arith.andi %in8, %in16 : i1
    tirx.if %mid {
      %mask = arith.constant 65280 : i32
      %e = tirx.ptx.elect.sync mask %mask
      %ei = arith.extui %e : i1 to i32
      tirx.buffer_store %ei, %out[%o7] : i32, !tirx.buffer<256xi32, global>
    }
    %islast = arith.cmpi eq, %lane, %c31 : i32
    tirx.if %islast {
      %am = tirx.ptx.activemask
      tirx.buffer_store %am, %out[%o7] : i32, !tirx.buffer<256xi32, global>
    }
  }
  return
}
