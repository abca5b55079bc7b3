# The sources of the freestanding post-quantum component (pqsig_pqc):
# src/core plus every scheme folder under src/ that is not named in
# PQSIG_NON_PQC_DIRS.  Shared by the top-level build and the bare-metal
# Cortex-M7 build (targets/m7), so both compile the same file list.
# In: PQSIG_ROOT (the repository root).  Out: PQSIG_PQC_SOURCES.
set(PQSIG_NON_PQC_DIRS ecdsa composite registry v2x chain)
file(GLOB PQSIG_SRC_DIRS LIST_DIRECTORIES true RELATIVE ${PQSIG_ROOT}/src CONFIGURE_DEPENDS
     ${PQSIG_ROOT}/src/*)
set(PQSIG_PQC_SOURCES)
foreach(d ${PQSIG_SRC_DIRS})
  if(IS_DIRECTORY ${PQSIG_ROOT}/src/${d} AND NOT d IN_LIST PQSIG_NON_PQC_DIRS)
    file(GLOB_RECURSE s CONFIGURE_DEPENDS ${PQSIG_ROOT}/src/${d}/*.c)
    list(APPEND PQSIG_PQC_SOURCES ${s})
  endif()
endforeach()
