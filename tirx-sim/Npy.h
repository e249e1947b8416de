//===- Npy.h - Reading and writing NumPy .npy files -------------*- C++ -*-===//

#ifndef TIRX_SIM_DRIVER_NPY_H
#define TIRX_SIM_DRIVER_NPY_H

#include <cstdint>
#include <string>
#include <vector>

namespace tirx_sim {

struct NpyArray {
  /// NumPy dtype name: float16, float32, int8, bool, ...
  std::string dtype;
  std::vector<int64_t> shape;
  std::vector<uint8_t> data;
};

/// Reads a C-ordered, little-endian .npy file; on failure returns false and
/// sets `error`.
bool readNpy(const std::string &path, NpyArray &out, std::string &error);
bool writeNpy(const std::string &path, const NpyArray &array,
              std::string &error);

/// The NumPy descr ('<f4') of a dtype name, empty if unknown.
std::string npyDescr(const std::string &dtype);
/// Bytes per element of a dtype name, 0 if unknown.
unsigned dtypeBytes(const std::string &dtype);

} // namespace tirx_sim

#endif // TIRX_SIM_DRIVER_NPY_H
