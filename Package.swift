// swift-tools-version:6.0
// Linux only. prefs is built on Glibc, inotify, Linux's file system calls and the system's
// libxml2, and is built and tested on Linux alone. `platforms:` can name only Apple systems, so
// it cannot say this; a build for any other system stops at the #error in
// Sources/PropertyLists/LinuxOnly.swift, which says how a cross-platform package depends on prefs
// for Linux alone (README.md, "Platforms").
import PackageDescription

let package = Package(
    name: "prefs",
    products: [
        .executable(name: "prefs", targets: ["prefs"]),
        .library(name: "PropertyLists", targets: ["PropertyLists"]),
        .library(name: "Preferences", targets: ["Preferences"]),
        .library(name: "Palettes", targets: ["Palettes"]),
        // Its own product, so that a program using Preferences alone never builds swift-configuration.
        .library(name: "PreferencesConfiguration", targets: ["PreferencesConfiguration"])
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-collections", from: "1.6.0"),
        .package(url: "https://github.com/apple/swift-configuration", from: "1.4.0"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        // `swift package generate-documentation` (.ci/docs.sh); a plugin, never linked.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0")
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
                .product(name: "SystemPackage", package: "swift-system")
            ],
            resources: [.embedInCode("PropertyList-1.0.dtd")]
        ),
        // The linear-time matcher of a manifest's pfm_format expressions.
        .target(name: "Patterns"),
        .target(
            name: "Preferences",
            dependencies: ["Patterns", "PropertyLists", .product(name: "SystemPackage", package: "swift-system")]
        ),
        .target(name: "Palettes", dependencies: ["Preferences", "PropertyLists"]),
        .target(
            name: "PreferencesConfiguration",
            dependencies: ["Preferences", "PropertyLists", .product(name: "Configuration", package: "swift-configuration")]
        ),
        .executableTarget(
            name: "prefs",
            dependencies: [
                "Palettes", "Preferences", "PropertyLists",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "SystemPackage", package: "swift-system")
            ],
            path: "CLI",
            exclude: ["release.sh", "manual.sh", "manual-text.py", "prefs.1"]
        ),
        .executableTarget(name: "PrefsInProcessBenchmark", dependencies: ["Preferences"], path: "Benchmarks/InProcess"),
        .testTarget(name: "PropertyListsTests", dependencies: ["PropertyLists", "TestSupport", "CLibXML2"], exclude: ["Fixtures"]),
        .testTarget(name: "PatternsTests", dependencies: ["Patterns", "TestSupport"]),
        .testTarget(name: "PreferencesTests", dependencies: ["Preferences", "PropertyLists", "TestSupport"]),
        .testTarget(name: "ReadmeTests", dependencies: ["Preferences", "TestSupport"]),
        .testTarget(name: "PalettesTests", dependencies: ["Palettes", "Preferences", "PropertyLists", "TestSupport"]),
        .testTarget(
            name: "PreferencesConfigurationTests",
            dependencies: [
                "PreferencesConfiguration", "Preferences", "PropertyLists", "TestSupport", "prefs",
                .product(name: "Configuration", package: "swift-configuration"),
                .product(name: "ConfigurationTesting", package: "swift-configuration")
            ]
        ),
        .testTarget(name: "PrefsCLITests", dependencies: ["prefs", "TestSupport", "PropertyLists", "Preferences"]),
        .target(name: "TestSupport", path: "Tests/TestSupport"),
        .testTarget(name: "ReliabilityTests", dependencies: ["prefs", "TestSupport", "PropertyLists"], exclude: ["Fixtures", "soak.sh"])
    ]
)

// libFuzzer targets, built only by Tests/Fuzz/run.sh (they have no main of their own).
if Context.environment["PREFS_FUZZ"] == "1" {
    package.targets += [
        .executableTarget(name: "FuzzPropertyListReader", dependencies: ["PropertyLists"], path: "Tests/Fuzz/FuzzPropertyListReader"),
        .executableTarget(name: "FuzzCommandLine", dependencies: ["Preferences", "PropertyLists"], path: "Tests/Fuzz/FuzzCommandLine"),
        .executableTarget(name: "FuzzBinaryReader", dependencies: ["PropertyLists"], path: "Tests/Fuzz/FuzzBinaryReader"),
        .executableTarget(name: "FuzzOpenStepReader", dependencies: ["PropertyLists"], path: "Tests/Fuzz/FuzzOpenStepReader"),
        .executableTarget(name: "FuzzPattern", dependencies: ["Patterns"], path: "Tests/Fuzz/FuzzPattern"),
        .executableTarget(name: "FuzzTextEscaper", dependencies: ["PropertyLists"], path: "Tests/Fuzz/FuzzTextEscaper")
    ]
}
