#ifndef TASKS_CWIDECHARACTER_SHIM_H
#define TASKS_CWIDECHARACTER_SHIM_H
// wcwidth(3) is an X/Open extension that Swift's Glibc module does not export;
// this header declares it for Swift. The C library provides it: nothing to link.
#include <wchar.h>

int wcwidth(wchar_t character);

/// The number of terminal columns `character` takes in the current locale (-1: not printable).
static inline int tasks_wcwidth(wchar_t character) { return wcwidth(character); }

#endif
