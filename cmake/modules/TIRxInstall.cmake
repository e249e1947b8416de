#===- TIRxInstall.cmake - install rules and the TIRx CMake package ------===#
#
# `tirx_install_package(TOOLS <tool>...)` installs TIRx for embedding:
#
#   include/TIRx, include/TIRx-c   headers, ODS (.td) and generated .inc files
#   lib/                           every library defined under lib/
#   bin/                           the listed tools
#   lib/cmake/tirx/                TIRxConfig.cmake, TIRxConfigVersion.cmake,
#                                  TIRxTargets.cmake (targets TIRx::<name>)
#
# Libraries are collected from the lib/ directory tree, so a new library
# under lib/ is installed and exported without touching this file. Installed
# libraries and tools carry RUNPATH $ORIGIN (resp. $ORIGIN/../lib) plus
# MLIR's library directory, so they load without LD_LIBRARY_PATH.
#
# Sets TIRX_INSTALL_TARGETS in the caller's scope: everything the install
# needs built (the embedding test depends on it).
#
#===----------------------------------------------------------------------===#

include(CMakePackageConfigHelpers)

set(TIRX_INSTALL_BINDIR bin)
set(TIRX_INSTALL_LIBDIR lib)
set(TIRX_INSTALL_INCLUDEDIR include)
set(TIRX_INSTALL_PACKAGEDIR lib/cmake/tirx)

# Appends to `out_var` every static or shared library target defined in `dir`
# and the directories below it.
function(tirx_collect_libraries dir out_var)
  set(result ${${out_var}})
  get_property(targets DIRECTORY ${dir} PROPERTY BUILDSYSTEM_TARGETS)
  foreach(target ${targets})
    get_target_property(type ${target} TYPE)
    if(type STREQUAL "SHARED_LIBRARY" OR type STREQUAL "STATIC_LIBRARY")
      list(APPEND result ${target})
    endif()
  endforeach()
  get_property(subdirs DIRECTORY ${dir} PROPERTY SUBDIRECTORIES)
  foreach(subdir ${subdirs})
    tirx_collect_libraries(${subdir} result)
  endforeach()
  set(${out_var} ${result} PARENT_SCOPE)
endfunction()

function(tirx_install_package)
  cmake_parse_arguments(ARG "" "" "TOOLS" ${ARGN})

  set(libraries)
  tirx_collect_libraries(${PROJECT_SOURCE_DIR}/lib libraries)

  foreach(library ${libraries})
    target_include_directories(${library} INTERFACE
      $<INSTALL_INTERFACE:${TIRX_INSTALL_INCLUDEDIR}>)
    set_target_properties(${library} PROPERTIES
      INSTALL_RPATH "\$ORIGIN;${LLVM_LIBRARY_DIR}")
  endforeach()
  foreach(tool ${ARG_TOOLS})
    set_target_properties(${tool} PROPERTIES
      INSTALL_RPATH "\$ORIGIN/../${TIRX_INSTALL_LIBDIR};${LLVM_LIBRARY_DIR}")
  endforeach()

  install(TARGETS ${libraries} ${ARG_TOOLS}
    EXPORT TIRxTargets
    LIBRARY DESTINATION ${TIRX_INSTALL_LIBDIR}
    ARCHIVE DESTINATION ${TIRX_INSTALL_LIBDIR}
    RUNTIME DESTINATION ${TIRX_INSTALL_BINDIR}
    )

  # Hand-written headers and ODS, then the headers TableGen generated.
  install(DIRECTORY
      ${PROJECT_SOURCE_DIR}/include/TIRx
      ${PROJECT_SOURCE_DIR}/include/TIRx-c
    DESTINATION ${TIRX_INSTALL_INCLUDEDIR}
    FILES_MATCHING PATTERN "*.h" PATTERN "*.td" PATTERN "*.def")
  install(DIRECTORY ${PROJECT_BINARY_DIR}/include/TIRx
    DESTINATION ${TIRX_INSTALL_INCLUDEDIR}
    FILES_MATCHING PATTERN "*.h" PATTERN "*.inc"
    PATTERN "CMakeFiles" EXCLUDE)

  install(EXPORT TIRxTargets
    NAMESPACE TIRx::
    DESTINATION ${TIRX_INSTALL_PACKAGEDIR}
    FILE TIRxTargets.cmake)

  # Names substituted into TIRxConfig.cmake.
  set(TIRX_EXPORTED_LIBRARIES)
  foreach(library ${libraries})
    list(APPEND TIRX_EXPORTED_LIBRARIES TIRx::${library})
  endforeach()
  set(TIRX_EXPORTED_TOOLS)
  foreach(tool ${ARG_TOOLS})
    list(APPEND TIRX_EXPORTED_TOOLS TIRx::${tool})
  endforeach()

  # The package works from an install prefix only; its files are staged
  # out of the way so nothing in the build tree looks like a usable TIRx_DIR.
  set(build_dir ${PROJECT_BINARY_DIR}/CMakeFiles/tirx-package)
  configure_package_config_file(
    ${PROJECT_SOURCE_DIR}/cmake/modules/TIRxConfig.cmake.in
    ${build_dir}/TIRxConfig.cmake
    INSTALL_DESTINATION ${TIRX_INSTALL_PACKAGEDIR}
    PATH_VARS TIRX_INSTALL_INCLUDEDIR TIRX_INSTALL_LIBDIR TIRX_INSTALL_BINDIR)
  # 0.x releases: only the same minor version is compatible.
  write_basic_package_version_file(${build_dir}/TIRxConfigVersion.cmake
    VERSION ${TIRX_VERSION}
    COMPATIBILITY SameMinorVersion)
  install(FILES
      ${build_dir}/TIRxConfig.cmake
      ${build_dir}/TIRxConfigVersion.cmake
    DESTINATION ${TIRX_INSTALL_PACKAGEDIR})

  set(TIRX_INSTALL_TARGETS ${libraries} ${ARG_TOOLS} PARENT_SCOPE)
endfunction()
