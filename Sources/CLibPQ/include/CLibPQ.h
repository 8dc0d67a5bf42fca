#ifndef CLIBPQ_H
#define CLIBPQ_H

// libpq, PostgreSQL's C client library, for TaskPostgres. Debian keeps its headers in
// /usr/include/postgresql; libpq-fe.h finds the two headers it includes beside itself.
#include <postgresql/libpq-fe.h>

#endif
