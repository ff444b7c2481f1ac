/*
 * kernel_names.h - included first by the kernel's sources (movegen.c,
 * makemove.c, perft.c, perft_deep.c, perft_fused.c, kernel_entry.c), before
 * any other header, so that every function of the public API they define
 * gets the kernel's suffix: hx_make becomes hx_make_bmi2 in the copy compiled with
 * -DHX_KERNEL=bmi2, hx_make_plain in the copy compiled with the library's own
 * flags. The unsuffixed names are kernel.c's, which calls the kernel chosen
 * for this CPU (kernel.h).
 */
#ifndef HEXREF_KERNEL_NAMES_H
#define HEXREF_KERNEL_NAMES_H

#ifndef HX_KERNEL
#define HX_KERNEL plain
#endif

#define HX_KERNEL_CAT2(name, kernel) name##_##kernel
#define HX_KERNEL_CAT(name, kernel) HX_KERNEL_CAT2(name, kernel)
#define HX_KERNEL_SYMBOL(name) HX_KERNEL_CAT(name, HX_KERNEL)

#define hx_make HX_KERNEL_SYMBOL(hx_make)
#define hx_unmake HX_KERNEL_SYMBOL(hx_unmake)
#define hx_legal_moves HX_KERNEL_SYMBOL(hx_legal_moves)
#define hx_count_legal HX_KERNEL_SYMBOL(hx_count_legal)
#define hx_perft HX_KERNEL_SYMBOL(hx_perft)
#define hx_perft_deep_jobs HX_KERNEL_SYMBOL(hx_perft_deep_jobs)
#define hx_perft_deep_run HX_KERNEL_SYMBOL(hx_perft_deep_run)
#define hx_perft_max_depth HX_KERNEL_SYMBOL(hx_perft_max_depth)
#define position_make HX_KERNEL_SYMBOL(position_make) /* internal, shared by the kernel's files */
#define position_record_multi_step HX_KERNEL_SYMBOL(position_record_multi_step) /* internal */
#define fused_count_legal HX_KERNEL_SYMBOL(fused_count_legal) /* internal: perft_fused.h */
#define fused_fill_pawns HX_KERNEL_SYMBOL(fused_fill_pawns)
#define fused_perft2 HX_KERNEL_SYMBOL(fused_perft2)

#endif
