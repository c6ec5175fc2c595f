import ArgumentParser
import Dispatch
import Glibc
import Preferences
import PropertyLists
import Synchronization

extension Prefs {
    /// `prefs watch DOMAIN [KEY] [--json]`: prints each change to a domain until interrupted.
    struct Watch: ParsableCommand {
        static let configuration = CommandConfiguration(
            commandName: "watch",
            abstract: "Print each change to a domain, one line per changed key, until interrupted.",
            discussion: """
                Each line is KEY, a tab and the new value (scalars bare as read prints them, arrays and \
                dictionaries as one line of JSON, nothing for a removed key), or with --json one JSON \
                object per line: {"key":"KEY","value":VALUE}, VALUE null for a removed key. Changes by \
                any process arrive within milliseconds, without polling:
                  prefs watch com.example.editor fontSize | while IFS="$(printf '\\t')" read -r key value; do …; done
                KEY and value are escaped so each change is one line: \\\\ for a backslash, \\t, \\n and \\r, \
                \\xHH or \\uHHHH for other control characters; printf '%b' "$value" turns them back.

                A domain file caught unreadable (an editor saving in place) is a warning on stderr, once \
                until it reads again, and watching goes on. watch ends only when interrupted, when \
                standard output fails (exit 4) or on a system limit (the folder cannot be watched, exit 6).
                """
        )

        @Option(help: ArgumentHelp("Use this folder of domains instead of $PREFS_HOME.", valueName: "dir"), completion: .directory)
        var root: String?

        @Flag(
            name: [.customShort("g"), .customLong("global"), .customLong("globalDomain", withSingleDash: true)],
            help: "Watch the global domain, NSGlobalDomain (leave DOMAIN out).")
        var global = false

        @OptionGroup var host: HostOption

        @Flag(help: "Print one JSON object per line.")
        var json = false

        @Argument(
            help: ArgumentHelp("The domain (left out with -g), then optionally the one key to watch.", valueName: "domain-and-key"),
            completion: Completions.domainThenKey)
        var words: [String] = []

        func validate() throws {
            if root == "" { throw ValidationError("--root needs a folder; an empty path names none") }
            if let problem = host.problem { throw ValidationError(problem) }
            if words.count > (global ? 1 : 2) || (!global && words.isEmpty) {
                throw ValidationError("give DOMAIN (or -g) and at most one KEY")
            }
        }

        /// The file descriptors watching takes besides standard input, output and error: the
        /// event loop of libdispatch (an epoll and an eventfd, which it cannot do without: it
        /// stops the process with SIGILL), inotify, the folders watched and a domain file read.
        static let descriptorsNeeded = 6

        /// Throws unless ``descriptorsNeeded`` more file descriptors can be opened, before
        /// anything starts libdispatch's event loop.
        ///
        /// - Throws: ``CLIError`` with exit status 6 naming the limit.
        static func checkDescriptors() throws {
            var taken: [Int32] = []
            defer { for descriptor in taken { close(descriptor) } }
            while taken.count < descriptorsNeeded {
                let descriptor = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3)
                guard descriptor >= 0 else {
                    guard errno == EMFILE || errno == ENFILE else { return }
                    throw CLIError(
                        .systemLimit,
                        "prefs watch needs \(descriptorsNeeded) file descriptors besides standard input, output and error, and only \(taken.count) can be opened; a system limit stopped prefs (raise it, e.g. ulimit -n)"
                    )
                }
                taken.append(descriptor)
            }
        }

        func run() throws {
            try Self.checkDescriptors()
            // Runs until interrupted: a parent that started prefs from a thread blocking these
            // signals (as libdispatch's threads do) must still be able to stop it.
            var stopping = sigset_t()
            sigemptyset(&stopping)
            for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&stopping, signal) }
            pthread_sigmask(SIG_UNBLOCK, &stopping, nil)
            var rest = words[...]
            let target = try StoreLocation(root: root, global: global, host: host.scope).target(&rest)
            let key = rest.first
            let store = try Self.store(watching: target)
            let failure = Mutex<(any Error)?>(nil)
            let finished = DispatchSemaphore(value: 0)
            let json = json
            Task {
                do {
                    try await Self.watch(store, key: key, json: json)
                } catch {
                    failure.withLock { $0 = error }
                }
                finished.signal()
            }
            finished.wait()
            if let error = failure.withLock({ $0 }) { throw error }
        }

        /// The store whose stored values are the target's file: the domain's (for one host's
        /// values, that host's), or for a path that names one file, the file as the domain of
        /// its folder, with no administrator's folders.
        ///
        /// - Throws: ``CLIError`` with status 2 for a file whose name is no domain's.
        private static func store(watching target: Target) throws -> PreferenceStore {
            let environment = PreferencesEnvironment.process
            if let domain = target.domain, let folder = target.folder {
                return try PreferenceStore(
                    domain: domain.rawValue, folder: folder, arguments: [], host: target.host.map(HostScope.named) ?? .any,
                    environment: environment)
            }
            let name = target.file.fileName
            guard name.hasSuffix(".plist"), DomainName.isValid(String(name.dropLast(".plist".count))) else {
                throw CLIError(.usage, "cannot watch \(target.file.path): watch takes a domain's file, NAME.plist with NAME a domain name")
            }
            return try PreferenceStore(
                domain: String(name.dropLast(".plist".count)), folder: PreferencesFolder(path: target.file.folderPath), arguments: [],
                systemFolders: [], environment: environment)
        }

        /// Prints the domain's changed keys after each change.
        ///
        /// A domain caught unreadable (a program writing it in place, an editor saving it) is
        /// reported on standard error, once until it reads again, and watching goes on; only a
        /// system limit (the folder cannot be watched) or a failed standard output ends it.
        private static func watch(_ store: PreferenceStore, key: String?, json: Bool) async throws {
            var troubled = false
            var updates = store.updates().makeAsyncIterator()
            // nil until the domain reads: a first good read after a bad start prints nothing.
            var last = try current(of: store, troubled: &troubled)
            while true {
                let keys: Set<String>?
                do {
                    keys = try await updates.next()
                } catch {
                    guard mayHeal(error) else { throw error }
                    report(error, of: store, troubled: &troubled)
                    continue
                }
                guard keys != nil else { return }
                guard let current = try current(of: store, troubled: &troubled) else { continue }
                if let last {
                    var changed: [String] = current.sortedKeys.filter { last[$0] != current[$0] }
                    changed += last.sortedKeys.filter { current[$0] == nil }
                    for name in changed.sorted(by: PropertyListDictionary.precedes) where key == nil || key == name {
                        try printLine(key: name, value: current[name], json: json)
                    }
                }
                last = current
            }
        }

        /// The domain's values now; `nil`, reported, when they cannot be read for a reason that
        /// may heal.
        private static func current(of store: PreferenceStore, troubled: inout Bool) throws(PreferenceError) -> PropertyListDictionary? {
            do throws(PreferenceError) {
                let values = try store.storedValues() ?? PropertyListDictionary()
                if troubled {
                    Output.error("note: the domain \(store.domain.rawValue) reads again")
                    troubled = false
                }
                return values
            } catch  where mayHeal(error) {
                report(error, of: store, troubled: &troubled)
                return nil
            }
        }

        /// Whether `error` may go away by itself: anything but a system limit (the folder cannot
        /// be watched, no file descriptors or memory) or a domain refused before watching began.
        private static func mayHeal(_ error: PreferenceError) -> Bool {
            error.code != .systemLimit && error.code != .invalidArgument
        }

        /// Prints `error` on standard error unless the domain was already unreadable.
        private static func report(_ error: PreferenceError, of store: PreferenceStore, troubled: inout Bool) {
            guard !troubled else { return }
            troubled = true
            for diagnostic in error.diagnostics { Output.error(diagnostic.description) }
            Output.error("warning: \(error.message); watching goes on, and changes print once \(store.domain.rawValue) reads again")
        }

        private static func printLine(key: String, value: PropertyList?, json: Bool) throws {
            var line = ""
            if json {
                line = "{\"key\":"
                JSONWriter.appendQuoted(key, to: &line)
                line += ",\"value\":" + (try value.map { try JSONWriter(prettyPrinted: false).write($0) } ?? "null") + "}"
            } else {
                line = TextEscaper.field.escaped(key) + "\t"
                if let value { line += TextEscaper.field.escaped(try TextFormat.bare(value) ?? JSONWriter(prettyPrinted: false).write(value)) }
            }
            try Output.writeNow(line + "\n", as: json ? .json : .text)
        }
    }
}
