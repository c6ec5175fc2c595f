// swift-tools-version:6.0
// A program that depends on prefs as another package would, for `check.sh`: by path (the
// script links the checkout in as ../prefs), on the Preferences product alone, in Swift 6
// language mode.
import PackageDescription

let package = Package(
    name: "Client",
    dependencies: [.package(path: "../prefs")],
    targets: [
        .executableTarget(
            name: "Client",
            dependencies: [
                // As README.md's "Platforms" shows a cross-platform package depending on prefs.
                .product(name: "Preferences", package: "prefs", condition: .when(platforms: [.linux]))
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)
