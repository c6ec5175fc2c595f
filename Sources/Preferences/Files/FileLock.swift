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
/// looks, in `/proc/locks` and `/proc/PID/status`, at who holds what it waits for: when every
/// holder is a process whose user could not replace the file (``couldReplace(_:in:)``), it is
/// no writer, and the waiter goes on without the lock, telling `notices`.
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
                let holders = Self.holders(of: descriptor)
                var folderStatus = stat()
                if !holders.isEmpty, fstat(folder.descriptor, &folderStatus) == 0,
                    holders.allSatisfy({ !Self.couldReplace(file, in: folderStatus, user: $0.user) })
                {
                    let names = holders.map(\.description).joined(separator: ", ")
                    notices?(
                        PreferenceNotice(
                            .warning,
                            "\(path) is locked by \(names), whose user may not change it, so it is no writer; prefs went on without waiting"))
                    return
                }
            }
            guard now < deadline else {
                let holder = Self.holders(of: descriptor).first.map { " (held by \($0))" } ?? ""
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

    /// The processes the kernel lists in `/proc/locks` as holding a `flock` on what
    /// `descriptor` is open on; empty when it cannot tell.
    private static func holders(of descriptor: Int32) -> [Holder] {
        var status = stat()
        guard fstat(descriptor, &status) == 0, let table = smallFileText("/proc/locks") else { return [] }
        // The device is printed as MAJOR:MINOR:INODE, in hexadecimal for the device.
        let inode = "\(major(status.st_dev).hex):\(minor(status.st_dev).hex):\(status.st_ino)"
        var holders: [Holder] = []
        for line in table.split(separator: "\n") where !line.contains("->") {
            let fields = line.split(separator: " ")
            guard fields.count >= 6, fields[1] == "FLOCK", fields[5] == inode, let pid = Int32(fields[4]) else { continue }
            let command = smallFileText("/proc/\(pid)/comm").map { $0.trimmingSuffix("\n") }
            holders.append(Holder(pid: pid, command: command, user: user(of: pid)))
        }
        return holders
    }

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
