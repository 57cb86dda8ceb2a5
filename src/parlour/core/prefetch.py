"""A hint to the processor to load a cache line before it is read: `prefetch(rows, r, c)`.

The step kernels' passes go over N games whose states lie tens of kilobytes apart, and read a
dozen scattered rows of each: more than the core's cache holds at N = 1,024, and a stride the
hardware's prefetchers do not follow. Asking for the rows of the game after next while the
current one is played overlaps those loads with the work. It is only a hint (LLVM's
`llvm.prefetch`, a `prefetcht0` on x86): it changes no value, and without Numba it does nothing.
"""

from __future__ import annotations

from typing import Any

from parlour.core.mersenne import HAVE_NUMBA

prefetch: Any  # (rows, row, col) -> None, callable from compiled code

if HAVE_NUMBA:
    from llvmlite import ir  # type: ignore[import-untyped]
    from numba import types
    from numba.core import cgutils
    from numba.core.extending import intrinsic

    @intrinsic
    def _prefetch_hint(typingctx: Any, rows: Any, row: Any, col: Any) -> Any:
        """Prefetch the line of `rows[row, col]` (a 2-D array) for reading, into every level
        of the cache. The indices are not checked: a hint at a wrong address is harmless."""
        sig = types.void(rows, row, col)

        def codegen(context: Any, builder: Any, signature: Any, args: Any) -> Any:
            array_type = signature.args[0]
            array = context.make_array(array_type)(context, builder, args[0])
            indices = [args[1], args[2]]
            pointer = cgutils.get_item_pointer(
                context, builder, array_type, array, indices, wraparound=False
            )
            i32, byte_pointer = ir.IntType(32), ir.IntType(8).as_pointer()
            hint = ir.FunctionType(ir.VoidType(), [byte_pointer, i32, i32, i32])
            fn = cgutils.get_or_insert_function(builder.module, hint, "llvm.prefetch.p0")
            address = builder.bitcast(pointer, byte_pointer)  # one declaration for every type
            # read (0), keep in every level (3), data cache (1)
            builder.call(fn, [address, i32(0), i32(3), i32(1)])
            return context.get_dummy_value()

        return sig, codegen

    prefetch = _prefetch_hint
else:

    def _no_hint(rows: Any, row: int, col: int) -> None:
        """Without Numba, nothing to hint."""

    prefetch = _no_hint
