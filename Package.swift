// swift-tools-version:6.0
// Linux only: prefs is built on Glibc, inotify and Linux's file system calls.
import PackageDescription

let package = Package(
    name: "prefs",
    products: [
        .executable(name: "prefs", targets: ["prefs"]),
        .library(name: "PropertyLists", targets: ["PropertyLists"]),
        .library(name: "Preferences", targets: ["Preferences"]),
        .library(name: "Palettes", targets: ["Palettes"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
    ],
    targets: [
        .systemLibrary(
            name: "CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"])]
        ),
        .target(
            name: "PropertyLists",
            dependencies: [
                "CLibXML2",
                .product(name: "OrderedCollections", package: "swift-collections"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            resources: [.embedInCode("PropertyList-1.0.dtd")]
        ),
        .target(name: "Preferences", dependencies: ["PropertyLists", .product(name: "SystemPackage", package: "swift-system")]),
        .target(name: "Palettes", dependencies: ["Preferences"]),
        .executableTarget(
            name: "prefs",
            dependencies: [
                "Palettes", "Preferences", "PropertyLists",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            path: "CLI",
            exclude: ["release.sh"]
        ),
        .executableTarget(name: "PrefsInProcessBenchmark", dependencies: ["Preferences"], path: "Benchmarks/InProcess"),
        .testTarget(name: "PropertyListsTests", dependencies: ["PropertyLists", "TestSupport", "CLibXML2"], exclude: ["Fixtures"]),
        .testTarget(name: "PreferencesTests", dependencies: ["Preferences", "TestSupport"]),
        .testTarget(name: "ReadmeTests", dependencies: ["Preferences"]),
        .testTarget(name: "PalettesTests", dependencies: ["Palettes", "TestSupport"]),
        .testTarget(name: "PrefsCLITests", dependencies: ["prefs", "TestSupport", "PropertyLists", "Preferences"]),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "ReliabilityTests", dependencies: ["prefs", "TestSupport", "PropertyLists"], exclude: ["Fixtures", "soak.sh"]),
    ]
)

// libFuzzer targets, built only by Tests/Fuzz/run.sh (they have no main of their own).
if Context.environment["PREFS_FUZZ"] == "1" {
    package.targets += [
        .executableTarget(name: "FuzzPropertyListReader", dependencies: ["PropertyLists"], path: "Tests/Fuzz/FuzzPropertyListReader"),
        .executableTarget(name: "FuzzCommandLine", dependencies: ["Preferences", "PropertyLists"], path: "Tests/Fuzz/FuzzCommandLine"),
        .executableTarget(name: "FuzzBinaryReader", dependencies: ["PropertyLists"], path: "Tests/Fuzz/FuzzBinaryReader"),
        .executableTarget(name: "FuzzOpenStepReader", dependencies: ["PropertyLists"], path: "Tests/Fuzz/FuzzOpenStepReader"),
        .executableTarget(name: "FuzzPattern", dependencies: ["Preferences"], path: "Tests/Fuzz/FuzzPattern"),
    ]
}
