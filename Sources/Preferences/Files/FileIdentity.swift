import Glibc

/// What a path leads to, by device and inode: two paths that lead to one file or folder (a
/// link, `..`, another spelling) have one identity.
package struct FileIdentity: Equatable, Sendable {
    /// The device.
    package let device: UInt64
    /// The inode on the device.
    package let inode: UInt64

    /// The identity of what `path` leads to now, or `nil` when it leads nowhere.
    package init?(of path: String) {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        device = UInt64(status.st_dev)
        inode = UInt64(status.st_ino)
    }
}
