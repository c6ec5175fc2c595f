import CLibXML2

/// Building values: leaves decoded from their text by Apple's rules, finished values handed
/// to their container.
extension XMLPropertyListParser {
    /// Hands a finished, valid value to the element that holds it: `nil` for a value that
    /// was checked but not built.
    func finishValue(_ value: PropertyList?) {
        guard let parent = frames.last else { return }
        switch parent {
        case .plist:
            if !sawValue {
                sawValue = true
                result = value
            }
        case .container(let container):
            container._withUnsafeGuaranteedRef { add(value, to: $0) }
        case .leaf, .ignored:
            break
        }
    }

    /// Hands a finished value (`nil`: checked, not built) to the open container.
    private func add(_ value: PropertyList?, to container: Container) {
        if container.tracksKeys {
            // A value without a key is a DTD error, reported by the validator.
            guard container.keys.hasStagedKey else { return }
            let kept = container.buildsNextValue
            let handedOnKey = container.handsOnEntries && value != nil ? container.keys.stagedKey : nil
            if let duplicate = container.keys.commitStagedKey() {
                report(.invalid, at: Self.textPosition(container.keyStart), "the key \(duplicate.quotedForMessage(limit: 60)) appears twice in one <dict>")
            } else if kept, let value, let key = container.keptKey {
                _ = container.dictionary.addWhileBuilding(value, forKey: String(decoding: key, as: UTF8.self))
            } else if let handedOnKey, let value {
                rootEntryHandler?(handedOnKey, value)
            }
        } else if container.isDictionary {
            guard let key = container.pendingKey else { return }
            container.pendingKey = nil
            if let value, container.dictionary.addWhileBuilding(value, forKey: key) != nil {
                report(.invalid, at: Self.textPosition(container.keyStart), "the key \(key.quotedForMessage(limit: 60)) appears twice in one <dict>")
            }
        } else if let value, container.builds {
            container.array.append(value)
        }
    }

    /// The value of a finished leaf element, or `nil` after reporting why its text is wrong.
    ///
    /// - Parameter building: Whether the value is kept; when not, a `<string>` comes back as
    ///   an empty string and `<data>` as empty data once their text is known to be right.
    func decode(_ leaf: Leaf, building: Bool) -> PropertyList? {
        switch leaf {
        case .key:
            return nil
        case .string:
            return .string(building ? String(decoding: text.bytes, as: UTF8.self) : "")
        case .boolean(let value):
            return .bool(value)
        case .integer:
            let trimmed = ScalarText.trimmed(text.bytes)
            if let integer = PropertyListInteger(parsing: trimmed) { return .integer(integer) }
            if trimmed.isEmpty {
                report(.invalid, at: valuePosition, "<integer> is empty")
            } else if trimmed.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "+") }),
                trimmed.dropFirst().allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) })
            {
                report(
                    .invalid, at: valuePosition,
                    "<integer> holds \(quoted(trimmed)), which is outside the range of property list integers (-9223372036854775808 through 18446744073709551615)"
                )
            } else {
                report(.invalid, at: valuePosition, "<integer> holds \(quoted(trimmed)), which is not an integer")
            }
        case .real:
            let trimmed = ScalarText.trimmed(text.bytes)
            if let real = ScalarText.real(trimmed) { return .real(real) }
            report(.invalid, at: valuePosition, trimmed.isEmpty ? "<real> is empty" : "<real> holds \(quoted(trimmed)), which is not a number")
        case .date:
            let trimmed = ScalarText.trimmed(text.bytes)
            if let date = PropertyListDate(parsing: trimmed) { return .date(date) }
            report(.invalid, at: valuePosition, "<date> holds \(quoted(trimmed)), which is not a date of years 1 through 9999 in the form YYYY-MM-DDTHH:MM:SSZ")
        case .data:
            switch Base64.decode(text.bytes, keepingBytes: building) {
            case .bytes(let bytes): return .data(bytes)
            case .badCharacter(let byte):
                let character = byte < 0x80 ? UnicodeScalar(byte).messageText : "byte 0x\(String(byte, radix: 16, uppercase: true))"
                report(.invalid, at: valuePosition, "<data> holds the character \(character), which is not Base64")
            case .badLength:
                report(.invalid, at: valuePosition, "<data> is not valid Base64: it ends in the middle of a group or has '=' before the end")
            }
        }
        return nil
    }
}
