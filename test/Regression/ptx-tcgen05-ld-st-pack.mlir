// REQUIRES: ptxas
// RUN: tirx-translate %s --emit=ptx --chip=sm_100a -o %t.ptx
// RUN: FileCheck %s < %t.ptx
// RUN: %ptxas -arch=sm_100a %t.ptx -o %t.cubin
// RUN: sed 's/vector<2xi32>/vector<1xi32>/g' %s > %t.half.mlir
// RUN: not tirx-translate %t.half.mlir --emit=ptx --chip=sm_100a 2>&1 | FileCheck %s --check-prefix=HALF

// tcgen05.ld/st with pack/unpack: pack::16b does not change the register
// count, so num = 2 of shape 32x32b moves 2 registers (.x2), and a halved
// vector is an error at the op.
// CHECK: tcgen05.ld.sync.aligned.32x32b.x2.pack::16b.b32 {%r{{[0-9]+}}, %r{{[0-9]+}}}
// CHECK: tcgen05.st.sync.aligned.32x32b.x2.unpack::16b.b32 [%r{{[0-9]+}}], {%r{{[0-9]+}}, %r{{[0-9]+}}}
// HALF: .mlir:20:10: error: 'tirx.ptx.tcgen05.ld' op result must have 2 elements for shape_32x32b with num = 2, got 'vector<1xi32>'

func.func @k(%taddr: i32, %out: !tirx.buffer<64xi32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [128] : i32
    %c0 = arith.constant 0 : index
    %t = tirx.reinterpret %taddr : i32 to !tirx.ptr<f32, tmem>
    %v = tirx.ptx.tcgen05.ld shape_32x32b num = 2 pack %t : !tirx.ptr<f32, tmem> -> vector<2xi32>
    tirx.ptx.tcgen05.wait ld
    tirx.ptx.tcgen05.st shape_32x32b num = 2 unpack %t, %v : !tirx.ptr<f32, tmem>, vector<2xi32>
    %e = vector.extract %v[1] : i32 from vector<2xi32>
    tirx.buffer_store %e, %out[%c0] : i32, !tirx.buffer<64xi32, global>
  }
  return
}
