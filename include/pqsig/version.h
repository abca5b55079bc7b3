/*
 * pqsig: library version.  The top-level CMakeLists.txt reads the project
 * version from this file, so it is the one place to change it.
 */
#ifndef PQSIG_VERSION_H
#define PQSIG_VERSION_H

#define PQSIG_VERSION_MAJOR 0
#define PQSIG_VERSION_MINOR 2
#define PQSIG_VERSION_PATCH 0
#define PQSIG_VERSION_STRING "0.2.0"
/* One number for compile-time comparisons: 0xMMmmpp. */
#define PQSIG_VERSION_NUMBER ((PQSIG_VERSION_MAJOR << 16) | (PQSIG_VERSION_MINOR << 8) | PQSIG_VERSION_PATCH)

#endif
