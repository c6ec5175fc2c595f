import Glibc
import SystemPackage

/// An exclusive `flock(2)` lock on an open file or folder: a domain file's own inode, which
/// serializes the writers of that file, or a store's folder, which serializes the first writes
/// of its domains (see ``DomainFile``'s update).
///
/// Nothing is created to be locked, so a lock leaves nothing behind. The kernel releases the
/// lock when its holder exits, even after `kill -9`, so no lock is ever stale; a waiter that
/// times out names the holder the kernel reports in `/proc/locks`.
///
/// `flock` needs only a descriptor open for reading, so a user who may read a file but neither
/// write it nor its folder could hold its lock without being a writer. A waiter therefore
/// looks, in `/proc/locks`, `/proc/PID/fdinfo` and `/proc/PID/status`, at who holds what it
/// waits for: when every holder is a process whose user could not replace the file
/// (``couldReplace(_:in:user:)``), or a lock whose taker has gone and that no visible process
/// holds, it is no writer, and the waiter goes on without the lock, telling `notices`.
final class FileLock {
    private let descriptor: Int32

    /// Takes the lock of `descriptor`, open on what `path` names in `folder` (which, for a
    /// folder's lock, is the folder itself), waiting until `deadline`; the lock owns the
    /// descriptor from then on, and closes it even when this throws.
    ///
    /// - Parameters:
    ///   - file: The status of the locked file (checked by its caller on the descriptor), or
    ///     `nil` when the folder itself is locked.
    ///   - domain: How errors name what is locked.
    ///   - timeout: The time the caller waits in all, for the message.
    /// - Throws: ``PreferenceError`` with code `.lockTimeout` naming the domain and the holder,
    ///   or `.writeFailed`.
    init(
        _ descriptor: Int32, path: String, file: stat?, in folder: Directory, domain: String, deadline: Double, timeout: Double,
        notices: NoticeHandler?
    ) throws(PreferenceError) {
        self.descriptor = descriptor
        var pause = 0.001
        var nextLook = Self.now() + 0.05
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR else {
                throw PreferenceError.system(.writeFailed, "cannot lock \(path)")
            }
            let now = Self.now()
            if now >= nextLook {
                nextLook = now + 0.25
                var folderStatus = stat()
                if fstat(folder.descriptor, &folderStatus) == 0,
                    let verdict = Self.noWriterHolds(descriptor, file: file, in: folderStatus),
                    Self.noWriterHolds(descriptor, file: file, in: folderStatus) == verdict
                {
                    // Judged twice alike, so no writer slipped in between; the lock may also
                    // have come free meanwhile, and then it is taken.
                    if flock(descriptor, LOCK_EX | LOCK_NB) == 0 { return }
                    notices?(PreferenceNotice(.warning, "\(path) is locked by \(verdict); prefs went on without waiting"))
                    return
                }
            }
            guard now < deadline else {
                let holder = Self.holders(of: descriptor).processes.first.map { " (held by \($0))" } ?? ""
                throw PreferenceError(
                    .lockTimeout,
                    "timed out after \(timeout) s waiting for the lock on \(domain)\(holder); another process is writing it. Try again, or raise PREFS_LOCK_TIMEOUT"
                )
            }
            usleep(UInt32(pause * 1_000_000))
            pause = min(pause * 2, 0.02)
        }
    }

    deinit {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }

    /// Whether the lock's descriptor is open on the file that `name` names in `folder` now:
    /// a writer that held the lock before may have replaced the file by a new one, or removed
    /// it, and the lock of the old file then locks nothing.
    func isOnFile(named name: String, in folder: Directory) -> Bool {
        var locked = stat()
        var named = stat()
        guard fstat(descriptor, &locked) == 0, fstatat(folder.descriptor, name, &named, AT_SYMLINK_NOFOLLOW) == 0 else { return false }
        return locked.st_dev == named.st_dev && locked.st_ino == named.st_ino
    }

    /// A process holding a lock, as `/proc` tells it.
    struct Holder: CustomStringConvertible {
        /// The process id.
        let pid: Int32
        /// Its command name, if known.
        let command: String?
        /// Its effective user and groups, if known.
        let user: (uid: uid_t, groups: [gid_t])?

        /// "process 1234 (flock) of user 1001".
        var description: String {
            "process \(pid)" + (command.map { " (\($0))" } ?? "") + (user.map { " of user \($0.uid)" } ?? "")
        }
    }

    /// Why no writer holds the lock of `descriptor`, for the warning, or `nil` when a writer may.
    ///
    /// Every holder must be a process whose user could not replace the file, or a lock whose
    /// taker has gone (``holders(of:)``): prefs never hands a descriptor on, so a prefs writer's
    /// lock always shows its own live process.
    private static func noWriterHolds(_ descriptor: Int32, file: stat?, in folder: stat) -> String? {
        let holders = Self.holders(of: descriptor)
        guard !holders.processes.isEmpty || !holders.gone.isEmpty,
            holders.processes.allSatisfy({ !couldReplace(file, in: folder, user: $0.user) })
        else { return nil }
        var parts: [String] = []
        if !holders.processes.isEmpty {
            parts.append("\(holders.processes.map(\.description).joined(separator: ", ")), whose user may not change it")
        }
        if !holders.gone.isEmpty {
            parts.append(
                "process \(holders.gone.map(String.init).joined(separator: ", ")), which took the lock but no longer holds it, while no process prefs can see does (a prefs writer never hands its lock on)"
            )
        }
        return parts.joined(separator: " and ") + ", so it is no writer"
    }

    /// Who holds a `flock` on what `descriptor` is open on: the processes that hold it, and the
    /// ids `/proc/locks` gives for locks held by no process that prefs can see.
    ///
    /// `/proc/locks` names the process that took a lock, but the lock belongs to the open file:
    /// after a fork the taker may exit, or give its id up to another process, while a child
    /// keeps the lock. A listed process holds the lock only when `/proc/PID/fdinfo` shows it on
    /// one of its descriptors (or cannot be read, and then it is believed). For the others,
    /// every process's descriptors on the file are looked at (``processesHolding(_:)``). An id
    /// of 0 (a holder in a process namespace prefs cannot see) stays a holder of unknown user.
    private static func holders(of descriptor: Int32) -> (processes: [Holder], gone: [Int32]) {
        var status = stat()
        guard fstat(descriptor, &status) == 0, let table = smallFileText("/proc/locks") else { return ([], []) }
        // The device is printed as MAJOR:MINOR:INODE, in hexadecimal for the device.
        let inode = "\(major(status.st_dev).hex):\(minor(status.st_dev).hex):\(status.st_ino)"
        var pids: [Int32] = []
        var gone: [Int32] = []
        var searched: [Int32]?
        for line in table.split(separator: "\n") where !line.contains("->") {
            let fields = line.split(separator: " ")
            guard fields.count >= 6, fields[1] == "FLOCK", fields[5] == inode, let pid = Int32(fields[4]) else { continue }
            if pid == 0 || holdsLock(pid, on: status, inode: inode) != false {
                pids.append(pid)
                continue
            }
            let found = searched ?? processesHolding(status, inode: inode)
            searched = found
            if found.isEmpty { gone.append(pid) } else { pids += found }
        }
        var seen = Set<Int32>()
        let processes = pids.filter { seen.insert($0).inserted }.map { pid in
            Holder(pid: pid, command: smallFileText("/proc/\(pid)/comm").map { $0.trimmingSuffix("\n") }, user: pid == 0 ? nil : user(of: pid))
        }
        return (processes, gone)
    }

    /// Whether process `pid` holds a `flock` on the file of status `file` through one of its
    /// descriptors: `false` when it is gone or none of its descriptors holds it, `nil` when its
    /// descriptors cannot be read (another user's, to a user who is not root).
    private static func holdsLock(_ pid: Int32, on file: stat, inode: String) -> Bool? {
        guard let folder = opendir("/proc/\(pid)/fd") else { return errno == ENOENT ? false : nil }
        defer { closedir(folder) }
        var looked = 0
        while looked < maximumDescriptors, let entry = readdir(folder) {
            looked += 1
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            guard let number = Int32(name) else { continue }
            // The descriptor's own file, through /proc's link, before reading its locks.
            var status = stat()
            guard stat("/proc/\(pid)/fd/\(number)", &status) == 0, status.st_dev == file.st_dev, status.st_ino == file.st_ino,
                let info = smallFileText("/proc/\(pid)/fdinfo/\(number)")
            else { continue }
            let held = info.split(separator: "\n").contains { line in
                let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
                return fields.first == "lock:" && fields.contains("FLOCK") && fields.contains(Substring(inode))
            }
            if held { return true }
        }
        return false
    }

    /// The processes that hold a `flock` on the file of status `file` through one of their
    /// descriptors, among the first ``maximumProcesses`` that `/proc` lists and prefs may read.
    private static func processesHolding(_ file: stat, inode: String) -> [Int32] {
        guard let folder = opendir("/proc") else { return [] }
        defer { closedir(folder) }
        var holding: [Int32] = []
        var looked = 0
        while looked < maximumProcesses, let entry = readdir(folder) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix(while: { $0 != 0 }), as: UTF8.self) }
            guard let pid = Int32(name) else { continue }
            looked += 1
            if holdsLock(pid, on: file, inode: inode) == true { holding.append(pid) }
        }
        return holding
    }

    /// The most processes, and descriptors of one process, a waiter looks at for a lock's holder.
    private static let maximumProcesses = 32_768
    private static let maximumDescriptors = 4_096

    /// The effective user and the groups of process `pid`, from `/proc/PID/status`.
    private static func user(of pid: Int32) -> (uid: uid_t, groups: [gid_t])? {
        guard let text = smallFileText("/proc/\(pid)/status") else { return nil }
        var uid: uid_t?
        var groups: [gid_t] = []
        for line in text.split(separator: "\n") {
            let fields = line.split(whereSeparator: { $0 == "\t" || $0 == " " })
            switch fields.first {
            case "Uid:" where fields.count > 2: uid = uid_t(fields[2])
            case "Gid:" where fields.count > 2: groups += [gid_t(fields[2])].compactMap { $0 }
            case "Groups:": groups += fields.dropFirst().compactMap { gid_t($0) }
            default: break
            }
        }
        return uid.map { ($0, groups) }
    }

    /// Whether a process of `user` could replace the file of status `file` in the folder of
    /// status `folder` (or, when `file` is `nil`, create a file there): root can; anyone else
    /// must be allowed to write the folder by its mode, and in a sticky folder (`/tmp`) must
    /// also own the file or the folder. A user `/proc` does not show could.
    static func couldReplace(_ file: stat?, in folder: stat, user: (uid: uid_t, groups: [gid_t])?) -> Bool {
        guard let user, user.uid != 0 else { return true }
        let writeBit: mode_t =
            user.uid == folder.st_uid ? 0o200 : user.groups.contains(folder.st_gid) ? 0o020 : 0o002
        guard folder.st_mode & writeBit != 0 else { return false }
        guard folder.st_mode & S_ISVTX != 0, let file else { return true }
        return user.uid == file.st_uid || user.uid == folder.st_uid
    }

    /// Seconds on the monotonic clock.
    static func now() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// The major number of a device, as glibc's `gnu_dev_major` computes it.
    private static func major(_ device: dev_t) -> UInt64 {
        (UInt64(device) >> 8 & 0xfff) | (UInt64(device) >> 32 & ~0xfff)
    }

    /// The minor number of a device, as glibc's `gnu_dev_minor` computes it.
    private static func minor(_ device: dev_t) -> UInt64 {
        (UInt64(device) & 0xff) | (UInt64(device) >> 12 & ~0xff)
    }
}

extension UInt64 {
    /// The number in lowercase hexadecimal, at least two digits, as `/proc/locks` prints a device.
    fileprivate var hex: String {
        let digits = String(self, radix: 16)
        return digits.count < 2 ? "0" + digits : digits
    }
}

/// The text of a small file such as one in `/proc`, or `nil` when it cannot be read.
func smallFileText(_ path: String) -> String? {
    let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    // Such text only adds to a message or a default (a lock holder's name, the machine's id):
    // a read that fails ends the text there, as a missing file gives `nil`, never an error.
    while bytes.count < 1 << 20,
        let count = try? buffer.withUnsafeMutableBytes({ try FileDescriptor(rawValue: descriptor).read(into: $0) }), count > 0
    {
        bytes += buffer[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
}

extension String {
    func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
