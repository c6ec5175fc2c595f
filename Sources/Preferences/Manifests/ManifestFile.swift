import Glibc
import PropertyLists

/// A manifest's file, open: prefs reads the manifest from this descriptor, so what was checked
/// of the file (``status``, taken from the descriptor) is what is read, even if its path is
/// swapped meanwhile.
///
/// An installed manifest is opened by ``ManifestSearchPath`` only in a trusted place (see
/// ``ManifestSearchPath``); a manifest the caller names by its path is the caller's choice, as
/// a file named with `--file` is, and is opened wherever it is.
final class ManifestFile {
    /// The file's path, for messages and as the compiled cache's key.
    let path: String
    /// The open descriptor, closed with this value.
    let descriptor: Int32
    /// The file's status, from its descriptor.
    let status: stat

    /// Takes over `descriptor`, open on the file at `path`, and checks that it is a regular file.
    ///
    /// - Throws: ``PreferenceError`` with code `.unreadable` for a file that is not regular (a
    ///   FIFO would never end); the descriptor is closed then.
    private init(path: String, descriptor: Int32) throws(PreferenceError) {
        do {
            status = try Directory.status(of: descriptor, path: path)
            try Directory.checkRegular(status, path: path)
        } catch {
            close(descriptor)
            throw error
        }
        self.path = path
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// Opens the manifest file at `path`, which the caller named, whoever owns it.
    ///
    /// - Throws: ``PreferenceError`` with code `.notFound` when there is no such file,
    ///   `.unreadable` when it cannot be opened or is not a regular file.
    convenience init(path: String) throws(PreferenceError) {
        let descriptor: Int32
        do {
            descriptor = try TrustedPath.open(path, file: true)
        } catch {
            guard case .system(let code) = error else {
                if case .untrusted(let name, let folder) = error {
                    throw PreferenceError(.untrusted, TrustedPath.untrustedMessage(path, name: name, folder: folder))
                }
                throw PreferenceError(.unreadable, "cannot open the manifest \(path)")
            }
            if code == ENOENT { throw PreferenceError(.notFound, "the manifest \(path) does not exist", cause: .noSuchFileOrDirectory) }
            try Directory.checkLimit(code, opening: path)
            throw PreferenceError.system(.unreadable, "cannot open the manifest \(path)", errno: code)
        }
        try self.init(path: path, descriptor: descriptor)
    }

    /// Opens the manifest file `name` in `folder` (following a symbolic link, as the
    /// administrator's files are followed: the link is in a trusted folder, and the file it
    /// leads to is checked here) when it is a regular file that only root or the user may
    /// change; see ``ManifestSearchPath``.
    ///
    /// - Returns: The file, or `nil` when there is none or it is not a regular file (a folder
    ///   named like a manifest is no manifest).
    /// - Throws: ``PreferenceError`` with code `.untrusted` for another user's file or one
    ///   that others may write, `.unreadable` when it cannot be opened.
    static func trusted(_ name: String, in folder: Directory) throws(PreferenceError) -> ManifestFile? {
        guard let descriptor = try folder.openFile(name, O_RDONLY, failure: .unreadable) else { return nil }
        let file: ManifestFile
        do {
            file = try ManifestFile(path: folder.path + "/" + name, descriptor: descriptor)
        } catch {
            return nil  // not a regular file, as the documentation says
        }
        try Directory.checkTrusted(file.status, path: file.path, kind: "file", anyOwnerForRoot: false, holding: .manifests)
        return file
    }

    /// The whole file, at most ``PropertyListLimits/maxInputSize`` bytes, read from its start.
    ///
    /// - Throws: ``PreferenceError`` with code `.unreadable` when it cannot be read or is too large.
    func bytes() throws(PreferenceError) -> [UInt8] {
        do throws(PropertyListError) {
            guard lseek(descriptor, 0, SEEK_SET) == 0 else {
                throw PropertyListError(.io, file: path, "cannot read: \(systemErrorText())")
            }
            return try FileBytes.read(descriptor: descriptor, displayName: path)
        } catch {
            throw PreferenceError(.unreadable, "the manifest \(path) is not a valid property list", diagnostics: error.diagnostics)
        }
    }
}
