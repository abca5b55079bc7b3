/*
 * Reset code for the bare-metal Cortex-M7 target (qemu-system-arm -M
 * mps2-an500): the vector table, then copy .data, zero .bss, enable the
 * FPU and run main() through newlib (output and exit by semihosting).
 */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

extern uint32_t __stack_top, __data_load, __data_start, __data_end, __bss_start__, __bss_end__;
extern int main(void);
extern void __libc_init_array(void);

void m7_reset_handler(void);
void _init(void);
void _fini(void);

/* newlib's __libc_init_array calls _init; with -nostartfiles nothing else provides it. */
void _init(void)
{
}

void _fini(void)
{
}

static void m7_fault_handler(void)
{
	/* A fault has no one to report to: stop with a distinctive status. */
	exit(99);
}

/* ARMv7-M vector table (ARMv7-M ARM, B1.5.3): initial SP, reset, NMI, HardFault,
 * MemManage, BusFault, UsageFault. */
__attribute__((section(".vectors"), used))
static void (*const m7_vectors[7])(void) = {
	(void (*)(void))(uintptr_t)&__stack_top,
	m7_reset_handler,
	m7_fault_handler,
	m7_fault_handler,
	m7_fault_handler,
	m7_fault_handler,
	m7_fault_handler,
};

void m7_reset_handler(void)
{
	/* CPACR (0xE000ED88) bits 20-23: full access to CP10/CP11, i.e. the FPU,
	 * before any floating-point instruction (ARMv7-M ARM, B3.2.20). */
	volatile uint32_t *cpacr = (volatile uint32_t *)0xE000ED88u;

	*cpacr |= 0xFu << 20;
	__asm__ volatile("dsb\n\tisb" ::: "memory");
	memcpy(&__data_start, &__data_load,
		(size_t)((uintptr_t)&__data_end - (uintptr_t)&__data_start));
	memset(&__bss_start__, 0, (size_t)((uintptr_t)&__bss_end__ - (uintptr_t)&__bss_start__));
	__libc_init_array();
	exit(main());
}
