# CMake toolchain file: bare-metal Cortex-M7 with the double-precision FPU
# (arm-none-eabi-gcc + newlib), as modelled by qemu-system-arm -M mps2-an500.
# Used by targets/m7 (`make m7`); see docs/m7.md.
set(CMAKE_SYSTEM_NAME Generic)
set(CMAKE_SYSTEM_PROCESSOR arm)
set(CMAKE_C_COMPILER arm-none-eabi-gcc)
# No host executable can be linked without the startup code: probe with a library.
set(CMAKE_TRY_COMPILE_TARGET_TYPE STATIC_LIBRARY)
# -ffp-contract=off: a fused vfma.f64 changes Falcon's binary64 results (the
# KATs assume plain IEEE-754 multiply then add).
set(PQSIG_M7_CPU_FLAGS "-mcpu=cortex-m7 -mthumb -mfpu=fpv5-d16 -mfloat-abi=hard -ffp-contract=off")
set(CMAKE_C_FLAGS_INIT "${PQSIG_M7_CPU_FLAGS} -ffunction-sections -fdata-sections")
set(CMAKE_EXE_LINKER_FLAGS_INIT "${PQSIG_M7_CPU_FLAGS} -Wl,--gc-sections")
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
