// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import {Base64Url} from "./Base64Url.sol";

/// @notice What an attestation token says about a wallet, read from its claim set.
struct Attestation {
    /// `jti`: the attestation id (`ATST-` and 16 hex digits), ASCII, left-aligned
    bytes32 id;
    /// `sub`: the wallet the attestation is about (EVM subjects only)
    address wallet;
    /// `pass`: every condition was met
    bool pass;
    /// `iat`: seconds since the epoch
    uint64 issuedAt;
    /// `exp`: seconds since the epoch; the token is valid strictly before it
    uint64 expiresAt;
    /// `conditionHash`: the SHA-256 of each evaluated condition, in the order of the results
    bytes32[] conditionHashes;
}

/// @notice Reads the claims of the service's attestation token from its payload segment (base64url),
/// relying on the claim order the service issues (signing.md section 6): `pass, conditionHash,
/// blockNumber, blockTimestamp, results, iss, sub, jti, iat, exp`, written without whitespace.
///
/// The head `{"pass":…,"conditionHash":[…]` is read forwards from the first byte and the tail
/// `,"sub":"0x…","jti":"…","iat":…,"exp":…}` backwards from the last, each against that exact
/// grammar; only the characters holding them are decoded. Both are top-level members by position:
/// the head starts the object, and the tail's values (digits, an id and an address without escapes)
/// are each preceded by a structural `:` and their names by a structural `,`. The members between
/// (`results`, whose labels may hold any text) are never read, so the cost does not grow with them.
/// Any other layout is refused rather than interpreted. Call only after the signature verified.
library AttestationClaims {
    error MalformedClaims(uint256 position);
    error NotAnEvmSubject();

    function parse(bytes calldata segment) internal pure returns (Attestation memory a) {
        uint256 total = Base64Url.decodedLength(segment.length);
        uint256 next;
        (a.pass, a.conditionHashes, next) = _head(segment, total);
        (a.wallet, a.id, a.issuedAt, a.expiresAt) = _tail(segment, total, next);
    }

    /// `{"pass":true|false,"conditionHash":["0x<64 hex>",...]`; returns where the next member starts.
    function _head(bytes calldata segment, uint256 total)
        private
        pure
        returns (bool pass, bytes32[] memory hashes, uint256 next)
    {
        if (total < 32) revert MalformedClaims(0);
        bytes memory h = Base64Url.decodeRange(segment, 0, 31);
        uint256 i;
        if (_word(h, 0, 12) == bytes12('{"pass":true')) {
            pass = true;
            i = 12;
        } else if (_word(h, 0, 13) == bytes13('{"pass":false')) {
            i = 13;
        } else {
            revert MalformedClaims(0);
        }
        if (_word(h, i, 18) != bytes18(',"conditionHash":[')) revert MalformedClaims(i);
        i += 18;
        // each element is 68 bytes with its quotes, followed by ',' or ']'
        uint256 count = (total - i) / 69;
        bytes32[] memory found = new bytes32[](count);
        uint256 k;
        while (true) {
            if (k == count) revert MalformedClaims(i);
            bytes memory e = Base64Url.decodeRange(segment, i, i + 69);
            if (_word(e, 0, 3) != bytes3('"0x') || _at(e, 67) != 0x22) revert MalformedClaims(i);
            found[k++] = bytes32(_hex(e, 3, 64));
            uint256 c = _at(e, 68);
            i += 69;
            if (c == 0x5d) break; // ]
            if (c != 0x2c) revert MalformedClaims(i - 1); // ,
        }
        assembly ("memory-safe") {
            mstore(found, k)
        }
        return (pass, found, i);
    }

    /// `,"sub":"0x<40 hex>","jti":"<id>","iat":<digits>,"exp":<digits>}` at the end, read backwards.
    function _tail(bytes calldata segment, uint256 total, uint256 headEnd)
        private
        pure
        returns (address wallet, bytes32 id, uint64 iat, uint64 exp)
    {
        // at most 7 + 44 + 7 + 34 + 7 + 20 + 7 + 20 + 1 bytes
        uint256 from = total > 147 ? total - 147 : 0;
        if (from < headEnd) from = headEnd;
        bytes memory t = Base64Url.decodeRange(segment, from, total);
        uint256 i = t.length;
        if (i == 0 || _at(t, i - 1) != 0x7d) revert MalformedClaims(total); // }
        i--;
        (exp, i) = _digitsBack(t, i);
        i = _nameBack(t, i, ',"exp":', 7);
        (iat, i) = _digitsBack(t, i);
        i = _nameBack(t, i, ',"iat":', 7);
        uint256 start;
        (start, i) = _stringBack(t, i);
        uint256 len = i - start;
        if (len > 32) revert MalformedClaims(from + start);
        id = _word(t, start, len);
        i = _nameBack(t, start - 1, ',"jti":', 7);
        (start, i) = _stringBack(t, i);
        if (i - start != 42 || _word(t, start, 2) != bytes2("0x")) revert NotAnEvmSubject();
        wallet = address(uint160(_hex(t, start + 2, 40)));
        _nameBack(t, start - 1, ',"sub":', 7);
    }

    /// The decimal digits ending just before `end`; returns their value and where they start.
    function _digitsBack(bytes memory t, uint256 end) private pure returns (uint64 v, uint256 start) {
        start = end;
        while (start > 0 && end - start < 20) {
            uint256 c = _at(t, start - 1);
            if (c < 0x30 || c > 0x39) break;
            start--;
        }
        if (start == end) revert MalformedClaims(end);
        uint256 x;
        for (uint256 j = start; j < end; j++) x = x * 10 + (_at(t, j) - 0x30);
        if (x > type(uint64).max) revert MalformedClaims(start);
        v = uint64(x);
    }

    /// A string value of letters, digits and '-' whose closing quote is just before `end`; returns
    /// where its content starts and ends.
    function _stringBack(bytes memory t, uint256 end) private pure returns (uint256 start, uint256 contentEnd) {
        if (end < 2 || _at(t, end - 1) != 0x22) revert MalformedClaims(end);
        contentEnd = end - 1;
        start = contentEnd;
        assembly ("memory-safe") {
            let base := add(t, 0x1f) // byte k - 1
            for {} gt(start, 0) { start := sub(start, 1) } {
                let c := byte(0, mload(add(base, start)))
                let lower := or(c, 0x20)
                let plain := or(or(and(gt(c, 0x2f), lt(c, 0x3a)), and(gt(lower, 0x60), lt(lower, 0x7b))), eq(c, 0x2d))
                if iszero(plain) { break }
            }
        }
        if (start == 0 || _at(t, start - 1) != 0x22) revert MalformedClaims(start);
    }

    /// Checks that the `len` bytes `name` end just before `end`; returns where they start.
    function _nameBack(bytes memory t, uint256 end, bytes32 name, uint256 len) private pure returns (uint256) {
        if (end < len || _word(t, end - len, len) != name) revert MalformedClaims(end);
        return end - len;
    }

    function _at(bytes memory p, uint256 i) private pure returns (uint256 c) {
        assembly ("memory-safe") {
            c := byte(0, mload(add(add(p, 0x20), i)))
        }
    }

    /// @return w the `len` bytes at `i`, left-aligned
    function _word(bytes memory p, uint256 i, uint256 len) private pure returns (bytes32 w) {
        if (i + len > p.length) revert MalformedClaims(i);
        assembly ("memory-safe") {
            w := and(mload(add(add(p, 0x20), i)), not(shr(mul(len, 8), not(0))))
        }
    }

    /// `digits` hex digits (either case) at `i`, as a number.
    function _hex(bytes memory p, uint256 i, uint256 digits) private pure returns (uint256 x) {
        if (i + digits > p.length) revert MalformedClaims(i);
        uint256 bad;
        assembly ("memory-safe") {
            let at := add(add(p, 0x20), i)
            for { let j := 0 } lt(j, digits) { j := add(j, 1) } {
                let c := byte(0, mload(add(at, j)))
                // '0'-'9' -> 0-9; 'a'-'f' and 'A'-'F' -> 10-15 (case folded); anything else flagged
                let lower := or(c, 0x20)
                let isDigit := and(gt(c, 0x2f), lt(c, 0x3a))
                let isLetter := and(gt(lower, 0x60), lt(lower, 0x67))
                bad := or(bad, iszero(or(isDigit, isLetter)))
                x := or(shl(4, x), add(mul(isDigit, sub(c, 0x30)), mul(isLetter, sub(lower, 0x57))))
            }
        }
        if (bad != 0) revert MalformedClaims(i);
    }
}
