import Glibc

/// Standard input, output and error as the caller left them, closed ones included
/// (`prefs palette add A >&-`).
enum StandardStreams {
    /// Holds each closed standard descriptor with `/dev/null` opened the other way (standard
    /// input for writing, standard output and error for reading).
    ///
    /// Reading or writing it then fails as on a closed descriptor (`EBADF`), but no file prefs
    /// opens can take its number: a domain folder or file opened as descriptor 1 or 2 would
    /// otherwise receive what prefs prints.
    static func holdClosed() {
        for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) == -1 && errno == EBADF {
            let held = open("/dev/null", descriptor == 0 ? O_WRONLY : O_RDONLY)
            if held >= 0 && held != descriptor {
                dup2(held, descriptor)
                close(held)
            }
        }
    }
}
