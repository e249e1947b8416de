//===- Npy.cpp - Reading and writing NumPy .npy files -----------*- C++ -*-===//

#include "Npy.h"

#include <cstring>
#include <fstream>
#include <sstream>

using namespace tirx_sim;

static const struct {
  const char *name, *descr;
  unsigned bytes;
} kTypes[] = {
    {"bool", "|b1", 1},      {"int8", "|i1", 1},     {"uint8", "|u1", 1},
    {"int16", "<i2", 2},     {"uint16", "<u2", 2},   {"int32", "<i4", 4},
    {"uint32", "<u4", 4},    {"int64", "<i8", 8},    {"uint64", "<u8", 8},
    {"float16", "<f2", 2},   {"float32", "<f4", 4},  {"float64", "<f8", 8},
    // No NumPy type: raw bits.
    {"bfloat16", "<u2", 2},  {"float8_e4m3fn", "|u1", 1},
    {"float8_e5m2", "|u1", 1},
};

std::string tirx_sim::npyDescr(const std::string &dtype) {
  for (const auto &t : kTypes)
    if (dtype == t.name)
      return t.descr;
  return "";
}

unsigned tirx_sim::dtypeBytes(const std::string &dtype) {
  for (const auto &t : kTypes)
    if (dtype == t.name)
      return t.bytes;
  return 0;
}

static std::string dictValue(const std::string &header, const char *key) {
  std::string k = std::string("'") + key + "'";
  size_t at = header.find(k);
  if (at == std::string::npos)
    return "";
  at = header.find(':', at + k.size());
  if (at == std::string::npos)
    return "";
  ++at;
  while (at < header.size() && header[at] == ' ')
    ++at;
  if (at < header.size() && header[at] == '(') {
    size_t end = header.find(')', at);
    return header.substr(at, end == std::string::npos ? std::string::npos
                                                      : end - at + 1);
  }
  size_t end = header.find_first_of(",}", at);
  return header.substr(at, end == std::string::npos ? std::string::npos
                                                    : end - at);
}

bool tirx_sim::readNpy(const std::string &path, NpyArray &out,
                       std::string &error) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    error = "cannot open '" + path + "'";
    return false;
  }
  std::string content((std::istreambuf_iterator<char>(in)),
                      std::istreambuf_iterator<char>());
  if (content.size() < 10 || content.compare(0, 6, "\x93NUMPY") != 0) {
    error = "'" + path + "' is not a .npy file";
    return false;
  }
  unsigned major = static_cast<uint8_t>(content[6]);
  size_t headerLen, headerStart;
  if (major == 1) {
    headerLen = static_cast<uint8_t>(content[8]) |
                (static_cast<uint8_t>(content[9]) << 8);
    headerStart = 10;
  } else {
    if (content.size() < 12) {
      error = "'" + path + "' is truncated";
      return false;
    }
    headerLen = 0;
    for (int i = 0; i < 4; ++i)
      headerLen |= size_t(static_cast<uint8_t>(content[8 + i])) << (8 * i);
    headerStart = 12;
  }
  if (headerStart + headerLen > content.size()) {
    error = "'" + path + "' is truncated";
    return false;
  }
  std::string header = content.substr(headerStart, headerLen);
  std::string descr = dictValue(header, "descr");
  if (descr.size() >= 2 && descr.front() == '\'')
    descr = descr.substr(1, descr.size() - 2);
  if (dictValue(header, "fortran_order").find("True") != std::string::npos) {
    error = "'" + path + "' is in Fortran order; save it C-ordered";
    return false;
  }
  out.dtype.clear();
  for (const auto &t : kTypes)
    if (descr == t.descr || (descr.size() == 3 && descr[0] == '=' &&
                             descr.substr(1) == std::string(t.descr + 1))) {
      out.dtype = t.name;
      break;
    }
  if (out.dtype.empty()) {
    error = "'" + path + "' has the unsupported dtype '" + descr + "'";
    return false;
  }
  std::string shape = dictValue(header, "shape");
  out.shape.clear();
  std::stringstream ss(shape.size() > 2 ? shape.substr(1, shape.size() - 2)
                                        : "");
  std::string item;
  while (std::getline(ss, item, ',')) {
    size_t b = item.find_first_not_of(' ');
    if (b == std::string::npos)
      continue;
    out.shape.push_back(std::stoll(item.substr(b)));
  }
  uint64_t count = 1;
  for (int64_t d : out.shape)
    count *= static_cast<uint64_t>(d);
  uint64_t bytes = count * dtypeBytes(out.dtype);
  size_t dataStart = headerStart + headerLen;
  if (content.size() - dataStart < bytes) {
    error = "'" + path + "' holds fewer bytes than its shape needs";
    return false;
  }
  out.data.assign(content.begin() + dataStart,
                  content.begin() + dataStart + bytes);
  return true;
}

bool tirx_sim::writeNpy(const std::string &path, const NpyArray &array,
                        std::string &error) {
  std::string header = "{'descr': '" + npyDescr(array.dtype) +
                       "', 'fortran_order': False, 'shape': (";
  for (int64_t d : array.shape)
    header += std::to_string(d) + ", ";
  header += "), }";
  size_t total = 10 + header.size() + 1;
  header.append((64 - total % 64) % 64, ' ');
  header += '\n';
  std::ofstream out(path, std::ios::binary);
  if (!out) {
    error = "cannot write '" + path + "'";
    return false;
  }
  out.write("\x93NUMPY\x01\x00", 8);
  uint16_t len = static_cast<uint16_t>(header.size());
  char lenBytes[2] = {static_cast<char>(len & 0xFF),
                      static_cast<char>(len >> 8)};
  out.write(lenBytes, 2);
  out.write(header.data(), static_cast<std::streamsize>(header.size()));
  out.write(reinterpret_cast<const char *>(array.data.data()),
            static_cast<std::streamsize>(array.data.size()));
  return static_cast<bool>(out);
}
