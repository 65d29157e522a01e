/* load_vectors(words, bytes): v1 <- 32 bytes at r3, v2 <- 32 bytes at r4 (lvx moves the core's
 * vector width: 256 bits on pim), then vectors_loaded() so that gdb can stop with them set.
 * Assembly because C on the pim profile is compiled without AltiVec. */
  .text
  .globl load_vectors
  .type load_vectors, @function
load_vectors:
  mflr  0
  stw   0, 4(1)
  stwu  1, -16(1)
  li    5, 0
  lvx   1, 5, 3
  lvx   2, 5, 4
  bl    vectors_loaded
  addi  1, 1, 16
  lwz   0, 4(1)
  mtlr  0
  blr
  .size load_vectors, . - load_vectors
