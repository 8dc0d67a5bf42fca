// Stand-ins for the Kerberos (GSSAPI) and LDAP functions that libpq.a calls, compiled only into the
// static release executable (`make build` defines TASKS_STATIC_LIBPQ): Debian ships no static
// libgssapi_krb5, and its static libldap needs SASL and GnuTLS linked the same way. libpq calls
// them only when a server asks for Kerberos authentication, to try GSSAPI encryption over TCP (it
// then goes on without), and for a connection service looked up in LDAP. Each fails as the real
// one does when Kerberos or LDAP is not set up, so libpq reports it for that one connection.
// The debug build links the shared libpq, with the real functions.
#ifdef TASKS_STATIC_LIBPQ

#include <stddef.h>
#include <stdint.h>

typedef uint32_t OM_uint32;
typedef struct { OM_uint32 length; void *elements; } gss_OID_desc;
typedef struct { size_t length; void *value; } gss_buffer_desc;

#define GSS_S_COMPLETE 0u
#define GSS_S_FAILURE (13u << 16)

static gss_OID_desc hostBasedService = { 10, (void *)"\x2a\x86\x48\x86\xf7\x12\x01\x02\x01\x04" };
gss_OID_desc *GSS_C_NT_HOSTBASED_SERVICE = &hostBasedService;

static OM_uint32 failure(OM_uint32 *minor) {
    if (minor) *minor = 0;
    return GSS_S_FAILURE;
}

static OM_uint32 nothingToRelease(OM_uint32 *minor) {
    if (minor) *minor = 0;
    return GSS_S_COMPLETE;
}

OM_uint32 gss_acquire_cred(OM_uint32 *minor, void *name, OM_uint32 time, void *mechanisms, int usage,
                           void **credential, void **actualMechanisms, OM_uint32 *timeLeft) {
    (void)name; (void)time; (void)mechanisms; (void)usage; (void)credential; (void)actualMechanisms; (void)timeLeft;
    return failure(minor);
}

OM_uint32 gss_import_name(OM_uint32 *minor, gss_buffer_desc *buffer, gss_OID_desc *type, void **name) {
    (void)buffer; (void)type; (void)name;
    return failure(minor);
}

OM_uint32 gss_init_sec_context(OM_uint32 *minor, void *credential, void **context, void *target,
                               gss_OID_desc *mechanism, OM_uint32 flags, OM_uint32 time, void *bindings,
                               gss_buffer_desc *input, gss_OID_desc **actualMechanism, gss_buffer_desc *output,
                               OM_uint32 *returnedFlags, OM_uint32 *timeLeft) {
    (void)credential; (void)context; (void)target; (void)mechanism; (void)flags; (void)time; (void)bindings;
    (void)input; (void)actualMechanism; (void)returnedFlags; (void)timeLeft;
    if (output) { output->length = 0; output->value = NULL; }
    return failure(minor);
}

OM_uint32 gss_wrap(OM_uint32 *minor, void *context, int confidential, OM_uint32 quality, gss_buffer_desc *input,
                   int *state, gss_buffer_desc *output) {
    (void)context; (void)confidential; (void)quality; (void)input; (void)state; (void)output;
    return failure(minor);
}

OM_uint32 gss_unwrap(OM_uint32 *minor, void *context, gss_buffer_desc *input, gss_buffer_desc *output, int *state,
                     OM_uint32 *quality) {
    (void)context; (void)input; (void)output; (void)state; (void)quality;
    return failure(minor);
}

OM_uint32 gss_wrap_size_limit(OM_uint32 *minor, void *context, int confidential, OM_uint32 quality,
                              OM_uint32 outputSize, OM_uint32 *inputSize) {
    (void)context; (void)confidential; (void)quality; (void)outputSize; (void)inputSize;
    return failure(minor);
}

OM_uint32 gss_delete_sec_context(OM_uint32 *minor, void **context, gss_buffer_desc *output) {
    (void)context; (void)output;
    return nothingToRelease(minor);
}

OM_uint32 gss_release_cred(OM_uint32 *minor, void **credential) {
    (void)credential;
    return nothingToRelease(minor);
}

OM_uint32 gss_release_name(OM_uint32 *minor, void **name) {
    (void)name;
    return nothingToRelease(minor);
}

OM_uint32 gss_release_buffer(OM_uint32 *minor, gss_buffer_desc *buffer) {
    if (buffer) { buffer->length = 0; buffer->value = NULL; }
    return nothingToRelease(minor);
}

static char noKerberos[] = "Kerberos (GSSAPI) is not available in this build of tasks";

OM_uint32 gss_display_status(OM_uint32 *minor, OM_uint32 status, int type, gss_OID_desc *mechanism,
                             OM_uint32 *context, gss_buffer_desc *text) {
    (void)status; (void)type; (void)mechanism;
    if (context) *context = 0;
    if (text) { text->length = sizeof noKerberos - 1; text->value = noKerberos; }
    return nothingToRelease(minor);
}

// libpq gives up on an LDAP service lookup when ldap_init fails ("could not create LDAP
// structure"); the rest are never reached, but libpq.a names them.
void *ldap_init(const char *host, int port) { (void)host; (void)port; return NULL; }
int ldap_set_option(void *ld, int option, const void *value) { (void)ld; (void)option; (void)value; return -1; }
int ldap_simple_bind(void *ld, const char *who, const char *password) { (void)ld; (void)who; (void)password; return -1; }
int ldap_result(void *ld, int id, int all, void *timeout, void **result) {
    (void)ld; (void)id; (void)all; (void)timeout; (void)result;
    return -1;
}
int ldap_search_st(void *ld, const char *base, int scope, const char *filter, char **attributes, int namesOnly,
                   void *timeout, void **result) {
    (void)ld; (void)base; (void)scope; (void)filter; (void)attributes; (void)namesOnly; (void)timeout; (void)result;
    return -1;
}
int ldap_count_entries(void *ld, void *chain) { (void)ld; (void)chain; return -1; }
void *ldap_first_entry(void *ld, void *chain) { (void)ld; (void)chain; return NULL; }
void **ldap_get_values_len(void *ld, void *entry, const char *attribute) { (void)ld; (void)entry; (void)attribute; return NULL; }
void ldap_value_free_len(void **values) { (void)values; }
int ldap_msgfree(void *message) { (void)message; return 0; }
int ldap_unbind(void *ld) { (void)ld; return 0; }
char *ldap_err2string(int error) { (void)error; return "LDAP is not available in this build of tasks"; }

#endif
