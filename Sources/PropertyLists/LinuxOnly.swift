// prefs is for Linux: Glibc, inotify, Linux's file system calls and the system's libxml2. Every
// library of prefs depends on this module, so a build for another system stops here, with what to
// do instead of a missing module.
#if !os(Linux)
    #error(
        "prefs is for Linux only. A package that also builds for Apple systems depends on it for Linux alone, .product(name: \"Preferences\", package: \"prefs\", condition: .when(platforms: [.linux])), and uses UserDefaults elsewhere; see prefs' README.md, Platforms."
    )
#endif
