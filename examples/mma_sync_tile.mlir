// A warp-level tensor-core tile: one warp computes C = A * B for a 16x16
// f16 tile A and a 16x8 f16 tile B (given transposed, as the 8x16 %Bt) with
// mma.sync.m16n8k16 and f32 accumulation. A and Bt are staged in shared
// memory and loaded into register fragments with ldmatrix; C goes to global
// memory from the accumulator fragment, and C rounded to f16 goes back to
// shared memory with stmatrix and from there to %C16.
//
//   tirx-translate examples/mma_sync_tile.mlir --emit=ptx
//   tirx-sim examples/mma_sync_tile.mlir
func.func @mma_sync_tile(%A: !tirx.buffer<16x16xf16, global>, %Bt: !tirx.buffer<8x16xf16, global>,
                         %C: !tirx.buffer<16x8xf32, global>, %C16: !tirx.buffer<16x8xf16, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [32] : i32
    %c0 = arith.constant 0 : i32
    %c2 = arith.constant 2 : i32
    %c4 = arith.constant 4 : i32
    %c8 = arith.constant 8 : i32
    %c16 = arith.constant 16 : i32
    %sa = tirx.alloc_buffer {alignment = 128 : i64, name = "sa"} : !tirx.buffer<16x16xf16, shared>
    %sb = tirx.alloc_buffer {alignment = 128 : i64, name = "sb"} : !tirx.buffer<8x16xf16, shared>
    %sc = tirx.alloc_buffer {alignment = 128 : i64, name = "sc"} : !tirx.buffer<16x8xf16, shared>

    // Stage the tiles: thread t copies half t % 2 of row t / 2.
    %row = arith.divui %tx, %c2 : i32
    %half = arith.remui %tx, %c2 : i32
    %hcol = arith.muli %half, %c8 : i32
    %ri = arith.index_cast %row : i32 to index
    %hi = arith.index_cast %hcol : i32 to index
    %va = tirx.buffer_load %A[%ri, %hi] : !tirx.buffer<16x16xf16, global> -> vector<8xf16>
    tirx.buffer_store %va, %sa[%ri, %hi] : vector<8xf16>, !tirx.buffer<16x16xf16, shared>
    %has_b = arith.cmpi ult, %tx, %c16 : i32
    tirx.if %has_b {
      %vb = tirx.buffer_load %Bt[%ri, %hi] : !tirx.buffer<8x16xf16, global> -> vector<8xf16>
      tirx.buffer_store %vb, %sb[%ri, %hi] : vector<8xf16>, !tirx.buffer<8x16xf16, shared>
    }
    tirx.ptx.barrier.sync aligned

    // ldmatrix: lane l gives the address of row l % 8 of matrix l / 8.
    // A (x4): matrices (rows 0-7 | 8-15) x (columns 0-7 | 8-15).
    %q = arith.divui %tx, %c8 : i32
    %r = arith.remui %tx, %c8 : i32
    %c1 = arith.constant 1 : i32
    %qbit0 = arith.andi %q, %c1 : i32
    %qbit1 = arith.shrui %q, %c1 : i32
    %arow0 = arith.muli %qbit0, %c8 : i32
    %arow = arith.addi %arow0, %r : i32
    %acol = arith.muli %qbit1, %c8 : i32
    %ari = arith.index_cast %arow : i32 to index
    %aci = arith.index_cast %acol : i32 to index
    %pa = tirx.ptr_to %sa[%ari, %aci] : !tirx.buffer<16x16xf16, shared>
    %afrag = tirx.ptx.ldmatrix %pa m8n8 x4 b16 : !tirx.ptr<f16, shared> -> vector<4xi32>
    // Bt (x2): matrices columns 0-7 | 8-15 of its 8 rows (lanes 0-15).
    %bcol = arith.muli %qbit0, %c8 : i32
    %bri = arith.index_cast %r : i32 to index
    %bci = arith.index_cast %bcol : i32 to index
    %pb = tirx.ptr_to %sb[%bri, %bci] : !tirx.buffer<8x16xf16, shared>
    %bfrag = tirx.ptx.ldmatrix %pb m8n8 x2 b16 : !tirx.ptr<f16, shared> -> vector<2xi32>

    %zero = arith.constant dense<0.0> : vector<4xf32>
    %d = tirx.ptx.mma.sync %afrag, %bfrag, %zero shape = [16, 8, 16] d = f32 a = f16 b = f16 : vector<4xi32>, vector<2xi32>, vector<4xf32>

    // The accumulator fragment: lane l holds C[l / 4 (+ 8)][2 (l % 4) + {0, 1}].
    %g = arith.divui %tx, %c4 : i32
    %t4 = arith.remui %tx, %c4 : i32
    %ccol = arith.muli %t4, %c2 : i32
    %g8 = arith.addi %g, %c8 : i32
    %gi = arith.index_cast %g : i32 to index
    %g8i = arith.index_cast %g8 : i32 to index
    %cci = arith.index_cast %ccol : i32 to index
    %e0 = vector.extract %d[0] : f32 from vector<4xf32>
    %e1 = vector.extract %d[1] : f32 from vector<4xf32>
    %e2 = vector.extract %d[2] : f32 from vector<4xf32>
    %e3 = vector.extract %d[3] : f32 from vector<4xf32>
    %d01 = vector.from_elements %e0, %e1 : vector<2xf32>
    %d23 = vector.from_elements %e2, %e3 : vector<2xf32>
    tirx.buffer_store %d01, %C[%gi, %cci] : vector<2xf32>, !tirx.buffer<16x8xf32, global>
    tirx.buffer_store %d23, %C[%g8i, %cci] : vector<2xf32>, !tirx.buffer<16x8xf32, global>

    // stmatrix (x2): the f16 fragment's registers are rows 0-7 and 8-15.
    %h = arith.truncf %d : vector<4xf32> to vector<4xf16>
    %hregs = vector.bitcast %h : vector<4xf16> to vector<2xi32>
    %srow0 = arith.muli %qbit0, %c8 : i32
    %srow = arith.addi %srow0, %r : i32
    %sri = arith.index_cast %srow : i32 to index
    %c0i = arith.constant 0 : index
    %ps = tirx.ptr_to %sc[%sri, %c0i] : !tirx.buffer<16x8xf16, shared>
    tirx.ptx.stmatrix %ps, %hregs m8n8 x2 b16 : !tirx.ptr<f16, shared>, vector<2xi32>
    tirx.ptx.barrier.sync aligned
    tirx.if %has_b {
      %ti = arith.index_cast %tx : i32 to index
      %vc = tirx.buffer_load %sc[%ti, %c0i] : !tirx.buffer<16x8xf16, shared> -> vector<8xf16>
      tirx.buffer_store %vc, %C16[%ti, %c0i] : vector<8xf16>, !tirx.buffer<16x8xf16, global>
    }
  }
  return
}
