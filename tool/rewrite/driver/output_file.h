/* output_file.h - writes a result whole or not at all: a temporary file beside the target, then rename. */
#ifndef LSC_REWRITE_OUTPUT_FILE_H
#define LSC_REWRITE_OUTPUT_FILE_H

#include <stddef.h>

/* 0 on success; -1 with errno set (the target is untouched). */
int output_file_write(const char *path, const char *data, size_t len);

#endif
