// A typed f32 view over a ui8 `shared.dyn` pool: the dynamic shared memory
// arena is allocated as bytes, a 4x64 f32 tile is declared over it at byte
// offset 256, and the address of a tile element is a pointer to f32 in
// shared.dyn (the logical element type, the backing scope). Each thread
// stages one element through the tile (a mutable local accumulates).
func.func @stage(%A: !tirx.buffer<256xf32, global>, %B: !tirx.buffer<256xf32, global>) {
  tirx.kernel {
    %tx = tirx.thread_id [256] : i32
    %pool = tirx.alloc_buffer {alignment = 128 : i64} : !tirx.buffer<2048xui8, shared.dyn>
    %c0 = arith.constant 0 : index
    %c256 = arith.constant 256 : index
    %base = tirx.ptr_to %pool[%c0] : !tirx.buffer<2048xui8, shared.dyn>
    %tile = tirx.decl_buffer %base byte_offset %c256 {name = "tile"} : !tirx.ptr<ui8, shared.dyn> -> !tirx.buffer<4x64xf32, shared.dyn>
    %t = arith.index_cast %tx : i32 to index
    %c64 = arith.constant 64 : index
    %row = arith.divui %t, %c64 : index
    %col = arith.remui %t, %c64 : index
    %x = tirx.buffer_load %A[%t] : !tirx.buffer<256xf32, global> -> f32
    %p = tirx.ptr_to %tile[%row, %col] : !tirx.buffer<4x64xf32, shared.dyn>
    %elem = tirx.decl_buffer %p : !tirx.ptr<f32, shared.dyn> -> !tirx.buffer<1xf32, shared.dyn>
    tirx.buffer_store %x, %elem[%c0] : f32, !tirx.buffer<1xf32, shared.dyn>
    %acc = tirx.alloc_buffer {name = "acc"} : !tirx.buffer<1xf32, local>
    %zero = arith.constant 0.0 : f32
    tirx.buffer_store %zero, %acc[%c0] : f32, !tirx.buffer<1xf32, local>
    %y = tirx.buffer_load %tile[%row, %col] : !tirx.buffer<4x64xf32, shared.dyn> -> f32
    %a0 = tirx.buffer_load %acc[%c0] : !tirx.buffer<1xf32, local> -> f32
    %a1 = arith.addf %a0, %y : f32
    tirx.buffer_store %a1, %acc[%c0] : f32, !tirx.buffer<1xf32, local>
    %r = tirx.buffer_load %acc[%c0] : !tirx.buffer<1xf32, local> -> f32
    tirx.buffer_store %r, %B[%t] : f32, !tirx.buffer<256xf32, global>
  }
  return
}
