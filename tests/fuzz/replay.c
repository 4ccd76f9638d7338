/*
** replay.c: runs a fuzz target on its saved inputs without libFuzzer, so
** that `make test` (gcc, AddressSanitizer) replays them on every run:
**
**     tests/fuzz/seed_<target>/*      the starting corpus
**     tests/fuzz/regress_<target>/*   inputs that once crashed or failed:
**                                     a crash found by `make fuzz` is
**                                     copied here and so becomes a test
**
** Built once per target with -DFZ_TARGET=\"adjjson\" (or \"sql\") and the
** target's source; prints one ok line per input (a failing input aborts,
** which tests/run.py reports with the input's name just above).
*/
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *aData, size_t nData);

static int rpDir(const char *zDir, int *pnPass){
  DIR *d = opendir(zDir);
  struct dirent *e;
  char **azName = 0;
  int n = 0, i;
  if( d==0 ) return 0;                  /* no such directory: nothing to do */
  while( (e = readdir(d))!=0 ){
    if( e->d_name[0]=='.' ) continue;
    azName = realloc(azName, (n+1)*sizeof(char*));
    azName[n++] = strdup(e->d_name);
  }
  closedir(d);
  for(i=0; i<n; i++){
    char zPath[4096];
    FILE *f;
    long nByte;
    uint8_t *a;
    snprintf(zPath, sizeof(zPath), "%s/%s", zDir, azName[i]);
    f = fopen(zPath, "rb");
    if( f==0 ) continue;
    fseek(f, 0, SEEK_END);
    nByte = ftell(f);
    fseek(f, 0, SEEK_SET);
    a = malloc(nByte ? nByte : 1);
    if( fread(a, 1, nByte, f)!=(size_t)nByte ){ fclose(f); free(a); continue; }
    fclose(f);
    fprintf(stderr, "replaying %s\n", zPath);
    LLVMFuzzerTestOneInput(a, (size_t)nByte);
    printf("ok   replay_%s: %s\n", FZ_TARGET, zPath);
    fflush(stdout);
    (*pnPass)++;
    free(a);
    free(azName[i]);
  }
  free(azName);
  return n;
}

int main(void){
  int nPass = 0;
  rpDir("tests/fuzz/seed_" FZ_TARGET, &nPass);
  rpDir("tests/fuzz/regress_" FZ_TARGET, &nPass);
  printf("%d passed, 0 failed\n", nPass);
  return 0;
}
