module attributes {gpu.container_module} {
  gpu.module @kernels {
    gpu.func @k(%out: !llvm.ptr<1>) kernel {
      %e = nvvm.elect.sync -> i1
      %ez = llvm.zext %e : i1 to i32
      llvm.store %ez, %out : i32, !llvm.ptr<1>
      gpu.return
    }
  }
}
