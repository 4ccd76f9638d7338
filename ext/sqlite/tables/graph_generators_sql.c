/*
** graph_generators_sql.c: the graph generators (graph_path, graph_cycle,
** graph_grid, graph_complete, graph_tree, graph_petersen, graph_random)
** as table-valued functions, one row per undirected edge on the nodes
** 0..n-1; the generators themselves are ext/engine/core/graph_generators.c.
** The manual: docs/reference/graphs.md.
*/
#include <string.h>
#include "glue.h"
#include "registry.h"       /* its own registration, as the registry lists it */
#include "graph_generators.h"
SQLITE_EXTENSION_INIT3

#define GEN_SRC    0
#define GEN_DST    1
#define GEN_ARG0   2      /* hidden columns from here: the arguments */
#define GEN_SCHEMA "CREATE TABLE x(src INTEGER, dst INTEGER%s)"

#define GEN_SIZE 's'      /* argument kinds: a size, */
#define GEN_PROB 'p'      /* a probability, */
#define GEN_SEED 'r'      /* a seed */

/* One generator as SQL sees it. */
typedef struct GenDef GenDef;
struct GenDef {
  const char *zName;          /* table-valued function name */
  int nArg;                   /* arguments (hidden columns) */
  const char *azArg[3];       /* their names */
  char aKind[3];              /* their kinds: GEN_SIZE, GEN_PROB, GEN_SEED */
  int64_t mnSize;             /* smallest size allowed */
  int64_t mxSize;             /* largest size (product of the sizes) */
};

static const GenDef aGen[] = {
  { "graph_path",     1, { "n" }, { GEN_SIZE }, 0, GG_GEN_MAX_NODES },
  { "graph_cycle",    1, { "n" }, { GEN_SIZE }, 3, GG_GEN_MAX_NODES },
  { "graph_grid",     2, { "rows", "cols" }, { GEN_SIZE, GEN_SIZE }, 0, GG_GEN_MAX_NODES },
  { "graph_complete", 1, { "n" }, { GEN_SIZE }, 0, GG_GEN_MAX_DENSE },
  { "graph_tree",     2, { "n", "seed" }, { GEN_SIZE, GEN_SEED }, 0, GG_GEN_MAX_NODES },
  { "graph_petersen", 0, { 0 }, { 0 }, 0, 0 },
  { "graph_random",   3, { "nodes", "edge_probability", "seed" },
                         { GEN_SIZE, GEN_PROB, GEN_SEED }, 0, GG_GEN_MAX_DENSE },
};

typedef struct GenVtab GenVtab;
struct GenVtab {
  GGVtab base;                /* base class (vtab_args.c), must be first */
  const GenDef *pDef;         /* which generator */
};

typedef struct GenCursor GenCursor;
struct GenCursor {
  sqlite3_vtab_cursor base;   /* base class, must be first */
  GGGen gen;                  /* the generator */
  int bEof;                   /* no current row */
  int64_t iRow;               /* rowid: 1, 2, ... */
  int64_t src, dst;           /* the current row */
  sqlite3_value *apArg[3];    /* the arguments, read back by xColumn */
};

static void genFreeArgs(GenCursor *pCur){
  int i;
  for(i=0; i<3; i++){
    sqlite3_value_free(pCur->apArg[i]);
    pCur->apArg[i] = 0;
  }
}

static int genConnect(sqlite3 *db, void *pAux, int argc, const char *const*argv,
                      sqlite3_vtab **ppVtab, char **pzErr){
  const GenDef *pDef = (const GenDef*)pAux;
  GenVtab *pNew;
  char *zCols = sqlite3_mprintf("");
  char *zSql;
  int i, rc;
  (void)argc; (void)argv; (void)pzErr;
  for(i=0; zCols && i<pDef->nArg; i++){
    char *z = sqlite3_mprintf("%s, %s HIDDEN", zCols, pDef->azArg[i]);
    sqlite3_free(zCols);
    zCols = z;
  }
  if( zCols==0 ) return SQLITE_NOMEM;
  zSql = sqlite3_mprintf(GEN_SCHEMA, zCols);
  sqlite3_free(zCols);
  pNew = (GenVtab*)gg_vtab_new(db, zSql, sizeof(*pNew), sizeof(GenCursor), &rc);
  sqlite3_free(zSql);
  if( pNew==0 ) return rc;
  pNew->pDef = pDef;
  /* Innocuous: the rows depend on the arguments only, nothing is read. */
#ifdef SQLITE_VTAB_INNOCUOUS
  /* New in 3.31.0; 3.30 answers SQLITE_MISUSE (and has no trusted_schema). */
  if( sqlite3_libversion_number()>=3031000 ) sqlite3_vtab_config(db, SQLITE_VTAB_INNOCUOUS);
#endif
  *ppVtab = &pNew->base.base;
  return SQLITE_OK;
}

static int genClose(sqlite3_vtab_cursor *cur){
  GenCursor *pCur = (GenCursor*)cur;
  gg_gen_free(&pCur->gen);
  genFreeArgs(pCur);
  sqlite3_free(pCur);
  return SQLITE_OK;
}

static int genNext(sqlite3_vtab_cursor *cur){
  GenCursor *pCur = (GenCursor*)cur;
  pCur->bEof = !gg_gen_next(&pCur->gen, &pCur->src, &pCur->dst);
  pCur->iRow++;
  return SQLITE_OK;
}

/* Check argument i of kind GEN_PROB or GEN_SEED; SQLITE_OK or an error. */
static int genCheckArg(GenVtab *pTab, int i, sqlite3_value *pVal){
  const GenDef *pDef = pTab->pDef;
  int eType = sqlite3_value_type(pVal), rc = SQLITE_OK;
  char *zVal;
  if( pDef->aKind[i]==GEN_PROB ){
    double p = sqlite3_value_double(pVal);
    if( (eType==SQLITE_INTEGER || eType==SQLITE_FLOAT) && p>=0.0 && p<=1.0 ) return SQLITE_OK;
    zVal = gg_value_sql(pVal);
    rc = gg_vtab_error(&pTab->base.base, eType==SQLITE_INTEGER || eType==SQLITE_FLOAT ? SQLITE_ERROR : SQLITE_MISMATCH,
        (zVal ? gg_errmsg("%s: %s must be a number from 0 to 1, got %s",
                  pDef->zName, pDef->azArg[i], zVal) : 0));
  }else if( eType!=SQLITE_INTEGER ){
    zVal = gg_value_sql(pVal);
    rc = gg_vtab_error(&pTab->base.base, SQLITE_MISMATCH, (zVal ? gg_errmsg("%s: %s must be an integer, got %s",
                  pDef->zName, pDef->azArg[i], zVal) : 0));
  }else if( pDef->aKind[i]==GEN_SIZE ){
    int64_t v = sqlite3_value_int64(pVal);
    if( v>=pDef->mnSize && v<=pDef->mxSize ) return SQLITE_OK;
    zVal = 0;
    rc = gg_vtab_error(&pTab->base.base, v<pDef->mnSize ? SQLITE_ERROR : SQLITE_TOOBIG,
        gg_errmsg("%s: %s must be from %lld to %lld, got %lld", pDef->zName,
                  pDef->azArg[i], pDef->mnSize, pDef->mxSize, v));
  }else{
    return SQLITE_OK;
  }
  sqlite3_free(zVal);
  return rc;
}

/* Start the generator on checked arguments. */
static int genInit(GenCursor *pCur, const GenDef *pDef, sqlite3_value **apArg){
  int64_t a0 = pDef->nArg>0 ? sqlite3_value_int64(apArg[0]) : 0;
  int64_t a1 = pDef->nArg>1 ? sqlite3_value_int64(apArg[1]) : 0;
  if( strcmp(pDef->zName, "graph_path")==0 ) return gg_gen_path(&pCur->gen, a0);
  if( strcmp(pDef->zName, "graph_cycle")==0 ) return gg_gen_cycle(&pCur->gen, a0);
  if( strcmp(pDef->zName, "graph_grid")==0 ) return gg_gen_grid(&pCur->gen, a0, a1);
  if( strcmp(pDef->zName, "graph_complete")==0 ) return gg_gen_complete(&pCur->gen, a0);
  if( strcmp(pDef->zName, "graph_tree")==0 ) return gg_gen_tree(&pCur->gen, a0, a1);
  if( strcmp(pDef->zName, "graph_petersen")==0 ) return gg_gen_petersen(&pCur->gen);
  return gg_gen_random(&pCur->gen, a0, sqlite3_value_double(apArg[1]),
                       sqlite3_value_int64(apArg[2]));
}

static int genFilter(sqlite3_vtab_cursor *cur, int idxNum, const char *idxStr,
                     int argc, sqlite3_value **argv){
  GenCursor *pCur = (GenCursor*)cur;
  GenVtab *pTab = (GenVtab*)cur->pVtab;
  const GenDef *pDef = pTab->pDef;
  sqlite3_value **apArg = pCur->apArg;
  int i, j = 0, rc;
  (void)idxStr; (void)argc;
  genFreeArgs(pCur);
  gg_gen_free(&pCur->gen);
  memset(&pCur->gen, 0, sizeof(pCur->gen));
  pCur->bEof = 1;
  pCur->iRow = 0;
  for(i=0; i<pDef->nArg; i++){
    if( idxNum & (1<<i) ){
      if( (apArg[i] = sqlite3_value_dup(argv[j++]))==0 ) return SQLITE_NOMEM;
    }else{
      char *zList = sqlite3_mprintf("");
      for(j=0; zList && j<pDef->nArg; j++){
        char *z = sqlite3_mprintf("%s%s%s", zList, j ? ", " : "", pDef->azArg[j]);
        sqlite3_free(zList);
        zList = z;
      }
      rc = gg_vtab_error(&pTab->base.base, SQLITE_ERROR, zList ? gg_err_needs(pDef->zName, 0, zList) : 0);
      sqlite3_free(zList);
      return rc;
    }
  }
  for(i=0; i<pDef->nArg; i++){
    if( sqlite3_value_type(apArg[i])==SQLITE_NULL ) return SQLITE_OK;
  }
  for(i=0; i<pDef->nArg; i++){
    rc = genCheckArg(pTab, i, apArg[i]);
    if( rc ) return rc;
  }
  if( pDef->nArg==2 && pDef->aKind[1]==GEN_SIZE
   && sqlite3_value_int64(apArg[0])*sqlite3_value_int64(apArg[1])>pDef->mxSize ){
    return gg_vtab_error(&pTab->base.base, SQLITE_TOOBIG, gg_errmsg("%s: %s * %s must be at most %lld,"
        " got %lld * %lld", pDef->zName, pDef->azArg[0], pDef->azArg[1], pDef->mxSize,
        sqlite3_value_int64(apArg[0]), sqlite3_value_int64(apArg[1])));
  }
  rc = genInit(pCur, pDef, apArg);
  if( rc ) return gg_sqlite_rc(rc);
  return genNext(cur);
}

static int genEof(sqlite3_vtab_cursor *cur){
  return ((GenCursor*)cur)->bEof;
}

static int genColumn(sqlite3_vtab_cursor *cur, sqlite3_context *ctx, int iCol){
  GenCursor *pCur = (GenCursor*)cur;
  if( iCol==GEN_SRC ) sqlite3_result_int64(ctx, pCur->src);
  if( iCol==GEN_DST ) sqlite3_result_int64(ctx, pCur->dst);
  if( iCol>=GEN_ARG0 && pCur->apArg[iCol-GEN_ARG0] ){    /* the arguments, as given */
    sqlite3_result_value(ctx, pCur->apArg[iCol-GEN_ARG0]);
  }
  return SQLITE_OK;
}

static int genRowid(sqlite3_vtab_cursor *cur, sqlite_int64 *pRowid){
  *pRowid = ((GenCursor*)cur)->iRow;
  return SQLITE_OK;
}

/* Every argument must be an equality constraint; a plan without one is
** made very expensive and xFilter reports the argument missing. */
static int genBestIndex(sqlite3_vtab *pVtab, sqlite3_index_info *pInfo){
  const GenDef *pDef = ((GenVtab*)pVtab)->pDef;
  static const int aCol[3] = { GEN_ARG0, GEN_ARG0+1, GEN_ARG0+2 };
  return gg_vtab_plan(pInfo, aCol, pDef->nArg, (1<<pDef->nArg)-1, 1000.0, 1000);
}

static sqlite3_module genModule = GG_VTAB_MODULE(genConnect, genBestIndex, gg_vtab_disconnect, gg_vtab_open,
    genClose, genFilter, genNext, genEof, genColumn, genRowid);

int gg_register_generators(sqlite3 *db, GGConn *pConn){
  (void)pConn;
  int rc = SQLITE_OK;
  size_t i;
  for(i=0; rc==SQLITE_OK && i<sizeof(aGen)/sizeof(aGen[0]); i++){
    rc = sqlite3_create_module_v2(db, aGen[i].zName, &genModule, (void*)&aGen[i], 0);
  }
  return rc;
}
