# Installation: headers, the component libraries, the CLI, a CMake package
# (find_package(pqsig) -> pqsig::pqsig, pqsig::pqc, pqsig::ecdsa,
# pqsig::registry, pqsig::registry_pqc, pqsig::v2x, pqsig::chain) and
# pkg-config files (pqsig.pc: everything; pqsig-pqc.pc: the freestanding core).
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

install(DIRECTORY ${PROJECT_SOURCE_DIR}/include/pqsig DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(TARGETS ${PQSIG_COMPONENTS} pqsig EXPORT pqsigTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR}
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR}
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
if(TARGET pqsig-cli)
  install(TARGETS pqsig-cli RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
endif()

set(PQSIG_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/pqsig)
install(EXPORT pqsigTargets NAMESPACE pqsig:: FILE pqsigTargets.cmake DESTINATION ${PQSIG_CMAKE_DIR})
configure_package_config_file(${PROJECT_SOURCE_DIR}/cmake/pqsigConfig.cmake.in
                              ${PROJECT_BINARY_DIR}/pqsigConfig.cmake INSTALL_DESTINATION ${PQSIG_CMAKE_DIR})
write_basic_package_version_file(${PROJECT_BINARY_DIR}/pqsigConfigVersion.cmake
                                 COMPATIBILITY SameMinorVersion)
install(FILES ${PROJECT_BINARY_DIR}/pqsigConfig.cmake ${PROJECT_BINARY_DIR}/pqsigConfigVersion.cmake
        DESTINATION ${PQSIG_CMAKE_DIR})

# pkg-config: libraries in link order (a component before what it uses).
set(PQSIG_PC_LMDB "")
if(LMDB_LIBRARY)
  set(PQSIG_PC_LMDB "-llmdb")
endif()
file(RELATIVE_PATH PQSIG_PC_PREFIX_REL "${CMAKE_INSTALL_FULL_LIBDIR}/pkgconfig" "${CMAKE_INSTALL_PREFIX}")
foreach(pc pqsig pqsig-pqc)
  configure_file(${PROJECT_SOURCE_DIR}/cmake/${pc}.pc.in ${PROJECT_BINARY_DIR}/${pc}.pc @ONLY)
  install(FILES ${PROJECT_BINARY_DIR}/${pc}.pc DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig)
endforeach()
