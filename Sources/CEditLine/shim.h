#ifndef TASKS_CEDITLINE_SHIM_H
#define TASKS_CEDITLINE_SHIM_H
// The one place where the C API of libedit is declared for Swift.
// el_set/el_wset/history_w are variadic, so Swift reaches them only through
// the static inline wrappers below (see shared/DESIGN.md §4).
#include <histedit.h>
#include <stdio.h>
#include <wchar.h>
#include <locale.h>
#endif
