/* Runs a command and prints its peak resident set size in KiB.
 *
 * Linux keeps ru_maxrss across exec, so a child forked from a large process (the Python
 * benchmark runner) would report the parent's size; forked from this small program, it reports
 * its own. Usage: maxrss COMMAND [ARGUMENT...] (the command's output goes to /dev/null); exits
 * with the command's status (128 + the signal's number where a signal ended it). */
#include <fcntl.h>
#include <stdio.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc < 2) return 2;
    pid_t pid = fork();
    if (pid == 0) {
        int null = open("/dev/null", O_WRONLY);
        dup2(null, 1);
        dup2(null, 2);
        execv(argv[1], argv + 1);
        _exit(127);
    }
    int status;
    struct rusage usage;
    if (wait4(pid, &status, 0, &usage) < 0) return 1;
    printf("%ld\n", usage.ru_maxrss);
    return WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
}
