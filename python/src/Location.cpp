//===- Location.cpp - tirx.ir.Location --------------------------*- C++ -*-===//
//
// File ranges, names, call sites and fused locations, with the names and
// signatures of upstream MLIR's Python bindings. Locations built here are
// attributes: their nesting (call-site chains, names of names) is limited
// like any other attribute's.
//
//===----------------------------------------------------------------------===//

#include "IRCore.h"

#include "mlir/IR/BuiltinAttributes.h"

#include <nanobind/stl/optional.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

using namespace mlir;

namespace tirx_py __attribute__((visibility("hidden"))) {

/// A new location, its depth checked against the limit.
static PyLocation made(const CtxRef &c, LocationAttr loc) {
  checkNestingDepth(*c, c.ptr->depthOf(loc), "the location");
  return PyLocation{c, loc};
}

template <typename LocT>
static LocT as(const PyLocation &l, const char *what) {
  auto v = dyn_cast<LocT>(LocationAttr(l.get()));
  if (!v)
    throw nb::value_error((std::string("not a ") + what + " location").c_str());
  return v;
}

void bindLocation(nb::module_ &m) {
  nb::class_<PyLocation>(m, "Location")
      .def("__enter__",
           [](nb::handle self) {
             PyLocation &l = nb::cast<PyLocation &>(self);
             l.get();
             pushContext(l.ctx.obj);
             pushLocation(self);
             return nb::borrow(self);
           })
      .def("__exit__",
           [](nb::handle self, nb::args) {
             popLocation(self);
             popContext(nb::cast<PyLocation &>(self).ctx.obj, "Location");
           })
      .def_prop_ro_static("current",
                          [](nb::handle) -> nb::object {
                            nb::object l = currentLocationObject();
                            if (l.is_none())
                              throw nb::value_error("no current Location");
                            return l;
                          })
      .def_static(
          "unknown",
          [](nb::handle context) {
            CtxRef c = resolveContext(context);
            return PyLocation{c, UnknownLoc::get(c.get())};
          },
          nb::arg("context") = nb::none())
      .def_static(
          "file",
          [](nb::handle filenameObj, unsigned line, unsigned col,
             std::optional<unsigned> endLine, std::optional<unsigned> endCol,
             nb::handle context) {
            std::string filename = strArg(filenameObj, "filename");
            checkNoNul(filename, "filename");
            CtxRef c = resolveContext(context);
            MLIRContext *ctx = c.get();
            if (!endLine && !endCol)
              return PyLocation{
                  c, FileLineColLoc::get(ctx, filename, line, col)};
            return PyLocation{
                c, FileLineColRange::get(ctx, filename, line, col,
                                         endLine.value_or(line),
                                         endCol.value_or(col))};
          },
          nb::arg("filename"), nb::arg("line"), nb::arg("col"),
          nb::arg("end_line").none() = nb::none(),
          nb::arg("end_col").none() = nb::none(),
          nb::arg("context") = nb::none(),
          "A source range: `file:line:col` or `file:line:col to "
          "end_line:end_col`.")
      .def_static(
          "name",
          [](nb::handle nameObj, nb::handle childLoc, nb::handle context) {
            std::string name = strArg(nameObj, "name");
            checkNoNul(name, "name");
            CtxRef c = resolveContext(context);
            MLIRContext *ctx = c.get();
            if (childLoc.is_valid() && !childLoc.is_none()) {
              PyLocation child = argAs<PyLocation>(childLoc, "childLoc",
                                                   "a tirx.ir.Location or None");
              checkSameContext(c, child.ctx, "childLoc");
              return made(c, NameLoc::get(StringAttr::get(ctx, name),
                                          child.get()));
            }
            return PyLocation{c, NameLoc::get(StringAttr::get(ctx, name))};
          },
          nb::arg("name"), nb::arg("childLoc") = nb::none(),
          nb::arg("context") = nb::none())
      .def_static(
          "callsite",
          [](const PyLocation &callee, std::vector<PyLocation> frames,
             nb::handle context) {
            CtxRef c = resolveContext(context);
            if (frames.empty())
              throw nb::value_error("no caller frames provided");
            checkSameContext(c, callee.ctx, "callee");
            for (auto &f : frames)
              checkSameContext(c, f.ctx, "a frame");
            Location caller = frames.back().get();
            for (size_t i = frames.size() - 1; i-- > 0;)
              caller = CallSiteLoc::get(frames[i].get(), caller);
            return made(c, CallSiteLoc::get(callee.get(), caller));
          },
          nb::arg("callee"), nb::arg("frames"),
          nb::arg("context") = nb::none(),
          "callee called at frames[0], which was called at frames[1], ...")
      .def_static(
          "fused",
          [](std::vector<PyLocation> locs, nb::handle metadata,
             nb::handle context) {
            CtxRef c = resolveContext(context);
            std::vector<Location> ls;
            for (auto &l : locs) {
              checkSameContext(c, l.ctx, "a location");
              ls.push_back(l.get());
            }
            Attribute md;
            if (metadata.is_valid() && !metadata.is_none()) {
              PyAttribute &a = argAs<PyAttribute>(
                  metadata, "metadata", "a tirx.ir.Attribute or None");
              checkSameContext(c, a.ctx, "metadata");
              md = a.get();
            }
            return made(c, FusedLoc::get(c.get(), ls, md));
          },
          nb::arg("locations"), nb::arg("metadata") = nb::none(),
          nb::arg("context") = nb::none())
      .def_prop_ro("context",
                   [](const PyLocation &l) {
                     l.get();
                     return l.ctx.obj;
                   })
      .def("is_unknown",
           [](const PyLocation &l) { return isa<UnknownLoc>(l.get()); })
      .def("is_a_file",
           [](const PyLocation &l) { return isa<FileLineColRange>(l.get()); })
      .def("is_a_name",
           [](const PyLocation &l) { return isa<NameLoc>(l.get()); })
      .def("is_a_callsite",
           [](const PyLocation &l) { return isa<CallSiteLoc>(l.get()); })
      .def("is_a_fused",
           [](const PyLocation &l) { return isa<FusedLoc>(l.get()); })
      .def_prop_ro("filename",
                   [](const PyLocation &l) {
                     return as<FileLineColRange>(l, "file")
                         .getFilename()
                         .str();
                   })
#define TIRX_FILE_FIELD(NAME, GETTER)                                          \
  .def_prop_ro(NAME, [](const PyLocation &l) {                                 \
    return as<FileLineColRange>(l, "file").GETTER();                           \
  })
          TIRX_FILE_FIELD("start_line", getStartLine)
          TIRX_FILE_FIELD("start_col", getStartColumn)
          TIRX_FILE_FIELD("end_line", getEndLine)
          TIRX_FILE_FIELD("end_col", getEndColumn)
          TIRX_FILE_FIELD("line", getStartLine)
          TIRX_FILE_FIELD("col", getStartColumn)
#undef TIRX_FILE_FIELD
      .def_prop_ro(
          "name_str",
          [](const PyLocation &l) { return as<NameLoc>(l, "name").getName().str(); })
      .def_prop_ro("child_loc",
                   [](const PyLocation &l) {
                     return PyLocation{l.ctx,
                                       as<NameLoc>(l, "name").getChildLoc()};
                   })
      .def_prop_ro("callee",
                   [](const PyLocation &l) {
                     return PyLocation{
                         l.ctx, as<CallSiteLoc>(l, "call-site").getCallee()};
                   })
      .def_prop_ro("caller",
                   [](const PyLocation &l) {
                     return PyLocation{
                         l.ctx, as<CallSiteLoc>(l, "call-site").getCaller()};
                   })
      .def_prop_ro("locations",
                   [](const PyLocation &l) {
                     std::vector<PyLocation> out;
                     for (Location x :
                          as<FusedLoc>(l, "fused").getLocations())
                       out.push_back(PyLocation{l.ctx, x});
                     return out;
                   })
      .def_prop_ro("metadata",
                   [](const PyLocation &l) -> nb::object {
                     auto f = as<FusedLoc>(l, "fused");
                     if (!f.getMetadata())
                       return nb::none();
                     return wrapAttribute(l.ctx, f.getMetadata());
                   })
      .def("__eq__",
           [](const PyLocation &a, nb::handle b) {
             if (!nb::isinstance<PyLocation>(b))
               return false;
             return a.loc == nb::cast<PyLocation &>(b).loc;
           })
      .def("__hash__",
           [](const PyLocation &l) {
             return (size_t)l.loc.getAsOpaquePointer();
           })
      .def("__str__",
           [](const PyLocation &l) {
             return printAttribute(*l.ctx, LocationAttr(l.get()));
           })
      .def("__repr__", [](const PyLocation &l) {
        return printAttribute(*l.ctx, LocationAttr(l.get()));
      });
}

} // namespace tirx_py
