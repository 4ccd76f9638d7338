/*
** catmouse_chain_lanes.c: the chains (catmouse_chain.c) on two threads.
** A wide ply (after one that changed GG_CM_CHAIN_WIDE words) runs a
** closure on each thread, then both write the plies, block by block
** (chWidePly).  A thin ply is decided on the calling thread, and its
** plies are written by the other from logs while the next plies are
** decided (chRunLane): the decisions and the writes overlap, at a
** barrier a log, not two a ply.  On one thread, every ply is decided and
** written by the calling thread.  cm_chain_run, the chains' entry, is
** here: the first plies (catmouse_chain.c, ch_first), the lanes, and the
** winner's bitsets transposed back.
*/
#include <string.h>
#include "alloc.h"
#include "catmouse_chain.h"

/* The worker that writes block b's plies in a wide ply: every other
** band, so that each has about half of any list's. */
#define chOwner(b) ((int)((b) & 1))

/* The plies k of entry e of closure q's lists: the winner's turn's
** (bLoss 0: a row, ch_row_plies) or the loser's (a column,
** ch_col_plies), written by worker iPart (its side tables). */
static int chEntPlies(CmSolve *s, int q, int bLoss, const ChEnt *e, uint32_t k, int iPart){
  return bLoss ? ch_col_plies(s, 1-q, CH_W(e), CH_R(e), e->b, k, iPart)
               : ch_row_plies(s, q, CH_R(e), CH_W(e), e->b, k, iPart);
}

/* The slot of log entry i's ply, closure and kind (k<<2 | q<<1 | bLoss). */
static inline uint32_t *chKq(const ChList *l, uint64_t i){
  return &l->aKq[i>>CH_CHUNK_LOG][i & (CH_CHUNK-1)];
}

/* The plies k of the words of closure h's lists [c] that go to the
** blocks worker i owns (all of them if i is -1): the winner's turn's
** (rows: ch_row_plies) and the loser's (columns: ch_col_plies), written
** by worker iPart (its side tables).  GG_OK or GG_NOMEM. */
static int chOwnPlies(CmSolve *s, const CmChain *h, int c, uint32_t k, int i, int iPart){
  const ChList *lw = &h->aLW[c], *ll = &h->aLL[c];
  uint32_t bW = h->q*s->nWB, bL = (1-h->q)*s->nWB;
  uint64_t j;
  for(j=0; j<lw->n; j++){
    const ChEnt *e = ch_ent(lw, j);
    if( i>=0 && chOwner(bW + (CH_W(e)>>3))!=i ) continue;
    if( chEntPlies(s, h->q, 0, e, k, iPart) ) return GG_NOMEM;
  }
  for(j=0; j<ll->n; j++){
    const ChEnt *e = ch_ent(ll, j);
    if( i>=0 && chOwner(bL + (CH_R(e)>>9))!=i ) continue;
    if( chEntPlies(s, h->q, 1, e, k, iPart) ) return GG_NOMEM;
  }
  return GG_OK;
}

/* Words in the lists [c] of both closures. */
static uint64_t chNew(const CmSolve *s, int c){
  uint64_t n = 0;
  int q;
  for(q=0; q<2; q++) n += s->aChain[q].aLW[c].n + s->aChain[q].aLL[c].n;
  return n;
}

/* A wide ply k on two threads, as worker wk: it decides closure wk->i's
** positions with their plies left unwritten; then, after a barrier, it
** writes those of the other closure that go to its blocks (chOwner).
** Before the barrier, the worker whose closure took less time at the
** last wide ply (aChain[0].iLight: worker 0 chooses, from both times,
** before the barrier that ends a ply) also writes its own closure's
** plies, all of them, and the other after it those that go to its
** blocks: each block and its bases have one writer at a time.  A tile
** made wide reads the bitsets of both closures (chDone,
** relaxed atomics: the other may be deciding) and may copy a position of
** this ply not yet written (its byte 0): its own write comes after it,
** on the same thread (and the side table keeps a position's largest
** plies: cmBigMerge).
** Worker 0 leaves whether the solve stopped, as of the end of its ply, in
** aChain[0].aStop[k&1], and whether the next ply is wide in aWide[k&1],
** which both read after the last barrier (a slot a ply: neither writes it
** again before both have read it). */
static void chWidePly(CmSolve *s, CmWorker *wk, int cur, uint32_t k){
  CmChain *h = &s->aChain[wk->i];
  int t = wk->i, rc;
  CmChain *h0 = &s->aChain[0];
  int iLight = h0->iLight;
  long long t0 = gg_barrier_ns();
  h->bDefer = 1;
  rc = ch_ply1(s, h, cur, k, &wk->poll);
  h->bDefer = 0;
  h->nsDecide = gg_barrier_ns() - t0;
  if( rc==GG_OK && t==iLight && chOwnPlies(s, h, cur^1, k, -1, t) ) rc = GG_NOMEM;
  if( rc ) gg_lanes_stop(&s->lanes, rc);
  gg_lanes_barrier(&s->lanes);
  if( !gg_lanes_stopped(&s->lanes)
   && chOwnPlies(s, &s->aChain[1-iLight], cur^1, k, t, t) ){
    gg_lanes_stop(&s->lanes, GG_NOMEM);
  }
  if( wk->i==0 ){
    h0->aStop[k & 1] = gg_lanes_stopped(&s->lanes);
    h0->aWide[k & 1] = chNew(s, cur^1)>=GG_CM_CHAIN_WIDE;
    h0->iLight = s->aChain[1].nsDecide<s->aChain[0].nsDecide;
  }
  gg_lanes_barrier(&s->lanes);
}

/* The plies k of the words of the lists [c] of both closures put in
** log l for the writer (chRunLane): GG_OK or GG_NOMEM. */
static int chLogPut(CmSolve *s, ChList *l, int c, uint32_t k){
  int q, bLoss;
  uint64_t j;
  for(q=0; q<2; q++){
    for(bLoss=0; bLoss<2; bLoss++){
      const ChList *f = bLoss ? &s->aChain[q].aLL[c] : &s->aChain[q].aLW[c];
      for(j=0; j<f->n; j++){
        const ChEnt *e = ch_ent(f, j);
        if( ch_push(l, CH_R(e), CH_W(e), e->b) ) return GG_NOMEM;
        *chKq(l, l->n-1) = k<<2 | (uint32_t)q<<1 | (uint32_t)bLoss;
      }
    }
  }
  return GG_OK;
}

/* The writer's part of a thin ply: every ply of log l written, in order
** (worker 1, its side tables).  GG_OK or GG_NOMEM. */
static int chLogWrite(CmSolve *s, const ChList *l){
  uint64_t j;
  for(j=0; j<l->n; j++){
    const ChEnt *e = ch_ent(l, j);
    uint32_t kq = *chKq(l, j);
    if( chEntPlies(s, (int)(kq>>1 & 1), (int)(kq & 1), e, kq>>2, 1) ) return GG_NOMEM;
  }
  return GG_OK;
}

/* Worker 0 wakes worker 1 (parked) with a command: CH_CMD_WRITE log
** iArg, CH_CMD_WIDE plies from ply k with lists iArg, CH_CMD_SYNC
** (nothing: the wake itself waits for worker 1's last log), or CH_CMD_END (not
** gg_lanes_end: its flag is read after the barrier, and would end a
** worker 1 woken to write a log).  The command
** goes in slot nWake&1, which worker 1 reads after the barrier: worker 0
** writes that slot again only two wakes on, after worker 1 has come back
** to the barrier. */
static void chWake(CmSolve *s, int cmd, int iArg, uint32_t k){
  CmChain *h0 = &s->aChain[0];
  int i = h0->nWake++ & 1;
  h0->aCmd[i] = cmd;
  h0->aArg[i] = iArg;
  h0->aK[i] = k;
  gg_lanes_wake(&s->lanes, k);
}

/* Worker 0 hands the log it fills to worker 1 (which has written the
** other one and parked). */
static void chLogHand(CmSolve *s, uint32_t k){
  CmChain *h0 = &s->aChain[0];
  chWake(s, CH_CMD_WRITE, h0->iFill, k);
  h0->iFill ^= 1;
  h0->aLog[h0->iFill].n = 0;
}

/* The plies after the first, as worker wk (gg_lanes_run).  A ply after
** one that changed fewer than GG_CM_CHAIN_WIDE words is thin: worker 0
** decides it; its plies are written as it decides when worker 0 is alone,
** else worker 1 writes them from a log (two logs of about CH_LOG words,
** handed over at a barrier each: a barrier a ply costs more than a thin
** ply, and a cycle has 6,000), while worker 0 decides the next plies.
** A wider ply runs on both (chWidePly).  Worker 1 never reads the
** lists, which worker 0 may be changing: parked at the barrier, it takes
** the command worker 0 left before the wake (chWake): write a log, or
** run wide plies from ply k while aWide[k&1] says the next is wide too.  A log is written before any wide ply and before the
** end, so each tile's plies come in order, as its bases want. */
static void chRunLane(void *pArg){
  CmWorker *wk = (CmWorker*)pArg;
  CmSolve *s = wk->s;
  CmChain *h0 = &s->aChain[0];
  uint32_t k;
  int cur, bParked = s->lanes.nRun==2, q, rc = GG_OK;
  if( wk->i!=0 ){
    uint32_t nWake = 0;
    for(;;){
      int i;
      if( gg_lanes_park(&s->lanes) ) return;
      i = nWake++ & 1;
      if( h0->aCmd[i]==CH_CMD_END ) return;
      if( h0->aCmd[i]==CH_CMD_SYNC ) continue;
      if( h0->aCmd[i]==CH_CMD_WRITE ){
        if( !gg_lanes_stopped(&s->lanes) && chLogWrite(s, &h0->aLog[h0->aArg[i]]) ){
          gg_lanes_stop(&s->lanes, GG_NOMEM);
        }
        continue;
      }
      k = h0->aK[i];
      cur = h0->aArg[i];
      for(;;){
        chWidePly(s, wk, cur, k);
        if( h0->aStop[k & 1] ) return;
        if( !h0->aWide[k & 1] ) break;
        cur ^= 1;
        k++;
      }
    }
  }
  k = h0->kNext;
  cur = h0->cur;
  for(;;){
    uint64_t nNew = chNew(s, cur^1);
    if( nNew==0 || gg_lanes_stopped(&s->lanes) ) break;
    s->nPly = k;
    cur ^= 1;
    k++;
    if( s->lanes.nRun<2 || nNew<GG_CM_CHAIN_WIDE ){
      for(q=0; q<2 && rc==GG_OK; q++){
        s->aChain[q].bDefer = bParked;
        rc = ch_ply1(s, &s->aChain[q], cur, k, &wk->poll);
        s->aChain[q].bDefer = 0;
      }
      if( rc==GG_OK && bParked && chNew(s, cur^1)>CH_LOG ){
        /* a big thin ply (a clique's): worker 0 writes it once worker 1
        ** has written the logs, so that no log holds more than 2*CH_LOG */
        if( h0->aLog[h0->iFill].n ) chLogHand(s, k);
        chWake(s, CH_CMD_SYNC, 0, k);
        for(q=0; q<2 && rc==GG_OK; q++) rc = chOwnPlies(s, &s->aChain[q], cur^1, k, -1, 0);
      }else if( rc==GG_OK && bParked ){  /* (worker 1 writes them) */
        rc = chLogPut(s, &h0->aLog[h0->iFill], cur^1, k);
        if( rc==GG_OK && h0->aLog[h0->iFill].n>=CH_LOG ) chLogHand(s, k);
      }
      if( rc ){ gg_lanes_stop(&s->lanes, rc); break; }
      continue;
    }
    if( bParked ){                 /* the log, then wake worker 1 for ply k */
      if( h0->aLog[h0->iFill].n ) chLogHand(s, k);
      bParked = 0;
      chWake(s, CH_CMD_WIDE, cur, k);
    }
    s->p->nPlyWide++;
    chWidePly(s, wk, cur, k);
    if( h0->aStop[k & 1] ) return;
    bParked = !h0->aWide[k & 1];    /* (worker 1 parks) */
  }
  if( bParked ){                   /* (the end: after worker 1 wrote the last log) */
    if( h0->aLog[h0->iFill].n ) chLogHand(s, k);
    chWake(s, CH_CMD_END, 0, k);
  }
}

int cm_chain_run(CmSolve *s){
  GGPoll *pPoll = &s->aWork[0].poll;
  int q, rc = ch_first(s);
  if( rc!=GG_OK ) return rc;
  s->lanes.nRun = 1;
  s->lanes.bEnd = 0;             /* (the pull's lanes may have ended) */
  s->lanes.nSpinNs = GG_CM_CHAIN_SPIN_NS;   /* (a phase of a wide ply: a millisecond) */
  if( s->nThread==0 || s->nThread>=2 ){     /* (two lanes whatever the bands: chOwner) */
    s->lanes.nLane = 2;
    s->aWork[1].i = 1;
    s->aWork[1].s = s;
    gg_poll_init(&s->aWork[1].poll, 0);     /* (worker 0 asks the GGStop) */
    gg_lanes_run(&s->lanes, s->nThread, chRunLane, &s->aWork[0], &s->aWork[1]);
  }else{
    chRunLane(&s->aWork[0]);
  }
  if( gg_lanes_stopped(&s->lanes) ) return s->lanes.rc;
  for(q=0; q<2; q++){
    if( gg_bits_transpose(s->aChain[q].aW, s->n, pPoll) ) return GG_INTERRUPT;
  }
  return GG_OK;                   /* (the ply bytes stay in tiles) */
}
