#ifndef TASKS_CEDITLINE_SHIM_H
#define TASKS_CEDITLINE_SHIM_H
// The one place where the C API of libedit is declared for Swift.
// el_set/el_wset/history_w are variadic, so Swift reaches them only through
// the static inline wrappers below (see shared/DESIGN.md §4). Swift 6 also
// rejects the global `stdin`/`stdout`/`stderr`, hence the accessors.
#include <histedit.h>
#include <stdio.h>
#include <wchar.h>
#include <locale.h>

// MARK: Standard streams

static inline FILE *tasks_stdin(void) { return stdin; }
static inline FILE *tasks_stdout(void) { return stdout; }
static inline FILE *tasks_stderr(void) { return stderr; }

// MARK: EditLine settings (el_wset)

typedef wchar_t *(*tasks_prompt_function)(EditLine *);
typedef unsigned char (*tasks_editor_function)(EditLine *, int);

static inline int tasks_el_set_prompt(EditLine *el, tasks_prompt_function prompt) {
    return el_wset(el, EL_PROMPT, prompt);
}

static inline int tasks_el_set_editor(EditLine *el, const wchar_t *mode) {
    return el_wset(el, EL_EDITOR, mode);
}

/// The function libedit calls for each character typed (instead of its own read(2) of one byte).
typedef int (*tasks_read_function)(EditLine *, wchar_t *);

static inline int tasks_el_set_read_function(EditLine *el, tasks_read_function read) {
    return el_wset(el, EL_GETCFN, read);
}

/// Forgets what libedit believes is on the screen and draws the prompt and the line again from
/// the cursor's position.
static inline int tasks_el_redraw(EditLine *el) {
    return el_wset(el, EL_REFRESH);
}

/// Whether the keys are vi's (a `bind -v` in the user's editrc) rather than emacs's.
static inline int tasks_el_is_vi(EditLine *el) {
    const wchar_t *mode = NULL;
    return el_wget(el, EL_EDITOR, &mode) == 0 && mode != NULL && wcscmp(mode, L"vi") == 0;
}

static inline int tasks_el_set_client_data(EditLine *el, void *data) {
    return el_wset(el, EL_CLIENTDATA, data);
}

static inline void *tasks_el_client_data(EditLine *el) {
    void *data = NULL;
    el_wget(el, EL_CLIENTDATA, &data);
    return data;
}

static inline int tasks_el_set_history(EditLine *el, HistoryW *history) {
    return el_wset(el, EL_HIST, history_w, history);
}

static inline int tasks_el_add_function(EditLine *el, const wchar_t *name, const wchar_t *help,
                                        tasks_editor_function function) {
    return el_wset(el, EL_ADDFN, name, help, function);
}

static inline int tasks_el_bind(EditLine *el, const wchar_t *key, const wchar_t *function) {
    return el_wset(el, EL_BIND, key, function, (const wchar_t *)NULL);
}

/// Binds `key` in vi's command mode (the alternative key map).
static inline int tasks_el_bind_in_command_mode(EditLine *el, const wchar_t *key, const wchar_t *function) {
    return el_wset(el, EL_BIND, L"-a", key, function, (const wchar_t *)NULL);
}

/// Turns the terminal's signal characters (^C, ^Z, ^\) off while a line is edited,
/// so that they reach the editor as keys instead of signalling the process.
static inline int tasks_el_disable_tty_signals(EditLine *el) {
    return el_wset(el, EL_SETTY, L"-d", L"-isig", (const wchar_t *)NULL);
}

/// Puts the terminal in (or back in) the editor's raw mode, or (`raw` 0) in the mode commands run
/// in; does nothing when it already is.
static inline int tasks_el_prepare_terminal(EditLine *el, int raw) {
    return el_wset(el, EL_PREP_TERM, raw);
}

// MARK: History (history_w)

static inline int tasks_history_set_size(HistoryW *history, int size) {
    HistEventW event;
    return history_w(history, &event, H_SETSIZE, size);
}

static inline int tasks_history_set_unique(HistoryW *history, int on) {
    HistEventW event;
    return history_w(history, &event, H_SETUNIQUE, on);
}

static inline int tasks_history_enter(HistoryW *history, const wchar_t *line) {
    HistEventW event;
    return history_w(history, &event, H_ENTER, line);
}

#endif
