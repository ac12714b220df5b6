/* The folder that receives rewritten sources and their objects: a fresh temporary one (removed at the end) or
 * the user's --keep-dir (kept). Never next to the sources unless the user points --keep-dir there. */
#ifndef LSC_CC_WORK_DIR_H
#define LSC_CC_WORK_DIR_H

/* The path a temporary folder would get, with the XXXXXX not yet filled in; for --show. */
char *temporary_dir_template(void);
/* Creates the folder (and its parents, for --keep-dir). NULL with a message on stderr when it cannot. */
char *make_work_dir(const char *keep_dir);
/* Removes a temporary folder made by make_work_dir and everything the compiler left in it. */
void remove_work_dir(const char *path);

#endif
