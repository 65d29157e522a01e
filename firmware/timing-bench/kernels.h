// The microbenchmark kernels: each runs `iters` iterations of one pattern and returns a value the
// caller prints, so no kernel can be optimised away. Written in inline assembly where the exact
// instruction sequence matters (dependency chains, loads).
#pragma once
#include <stdint.h>

uint32_t kernel_add_chain(uint32_t iters);     // 16 dependent adds per iteration
uint32_t kernel_add_indep(uint32_t iters);     // 16 independent adds per iteration
uint32_t kernel_mul_chain(uint32_t iters);     // 16 dependent mullw per iteration
uint32_t kernel_mul_indep(uint32_t iters);     // 16 independent mullw per iteration
uint32_t kernel_chase(const uint32_t* start, uint32_t iters);  // 8 dependent loads per iteration
uint32_t kernel_branch(const uint8_t* bits, uint32_t n);       // one data-dependent branch per element
void kernel_copy(uint32_t* dst, const uint32_t* src, uint32_t words);
uint32_t kernel_store_load(uint32_t* slot, uint32_t iters);     // store, then load the same word
