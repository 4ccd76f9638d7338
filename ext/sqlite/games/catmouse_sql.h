/*
** catmouse_sql.h: what cat and mouse's SQL files share: its definition
** (catmouse_sql.c) and the functions with files of their own
** (catmouse_bounded_sql.c, catmouse_dot_sql.c) that it lists.
*/
#ifndef GG_CATMOUSE_SQL_H
#define GG_CATMOUSE_SQL_H
#include "call.h"

extern const GGGameDef gg_catmouse_def;
extern const GGFuncDef gg_catmouse_bounded_func;   /* catmouse_bounded_sql.c */
extern const GGFuncDef gg_catmouse_dot_func;       /* catmouse_dot_sql.c */

#endif
