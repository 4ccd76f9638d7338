/*
** peakrun.c: run a program as a whole process and print its wall time
** and peak resident memory, for bench_catmouse.py's whole-process table.
**
**   peakrun PROG [ARG...]   ->  PROG's stdout, then on stderr one line
**                               "peakrun seconds S peak_kb K"
**
** Python cannot measure this itself: a child forked from it counts the
** parent's memory from before exec in its ru_maxrss.  This program is
** small, so what it adds is a constant that the bench's idle run takes
** away.
*/
#include <stdio.h>
#include <time.h>
#include <unistd.h>
#include <sys/resource.h>
#include <sys/wait.h>

int main(int argc, char **argv){
  struct timespec t0, t1;
  struct rusage ru;
  int status = 0;
  pid_t pid;
  if( argc<2 ){ fprintf(stderr, "usage: peakrun PROG [ARG...]\n"); return 2; }
  clock_gettime(CLOCK_MONOTONIC, &t0);
  pid = fork();
  if( pid==0 ){ execvp(argv[1], argv+1); _exit(127); }
  if( pid<0 || wait4(pid, &status, 0, &ru)<0 ) return 2;
  clock_gettime(CLOCK_MONOTONIC, &t1);
  fprintf(stderr, "peakrun seconds %.6f peak_kb %ld\n",
          (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec)*1e-9, ru.ru_maxrss);
  return WIFEXITED(status) ? WEXITSTATUS(status) : 2;
}
