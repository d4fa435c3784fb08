// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.24;

import {Attestation, AttestationClaims} from "./AttestationClaims.sol";
import {Base64Url} from "./Base64Url.sol";
import {P256Verify} from "./P256Verify.sol";

/// @notice Verifies the service's ES256 attestation token (the `jwt` of an answer requested with
/// `format: "jwt"`, signing.md section 6) on chain, exactly as issued, against P-256 public keys
/// its owner registers by kid from the service's key set (`GET /v1/jwks`).
///
/// The key set never removes keys, and neither does this contract: a kid, once registered, keeps
/// its key for good and can be neither replaced nor removed, so a rotation adds the new key under
/// its own kid and every token signed by an older key still verifies.
contract WalletStateVerifier {
    struct PublicKey {
        bytes32 x;
        bytes32 y;
    }

    /// `{"alg":"ES256","typ":"JWT","kid":"` and `"}`: the one header form the service writes
    bytes private constant HEADER_START = '{"alg":"ES256","typ":"JWT","kid":"';
    uint256 private constant SIGNATURE_SEGMENT = 86; // 64 bytes r || s, base64url

    address public owner;
    address public pendingOwner;
    mapping(bytes32 kidHash => PublicKey) private keys;
    string[] private kids;

    event KeyRegistered(string kid, bytes32 x, bytes32 y);
    event OwnershipOffered(address indexed owner, address indexed pendingOwner);
    event OwnershipTransferred(address indexed previousOwner, address indexed newOwner);

    error NotOwner();
    error NotPendingOwner();
    error InvalidKid();
    error InvalidKey();
    error KidTaken(string kid);
    error MalformedToken();
    error UnsupportedHeader();
    error UnknownKid(string kid);
    error BadSignature();
    error Expired(uint64 expiresAt, uint256 blockTime);

    constructor(address initialOwner) {
        owner = initialOwner;
        emit OwnershipTransferred(address(0), initialOwner);
    }

    modifier onlyOwner() {
        if (msg.sender != owner) revert NotOwner();
        _;
    }

    /// @notice Registers one EC entry of the key set: its kid and the 32-byte big-endian
    /// coordinates `x` and `y` (the JWK's base64url members, decoded). A kid is registered once.
    function registerKey(string calldata kid, bytes32 x, bytes32 y) external onlyOwner {
        bytes calldata k = bytes(kid);
        if (k.length == 0 || k.length > 64) revert InvalidKid();
        for (uint256 i = 0; i < k.length; i++) {
            // printable ASCII that a header can carry unescaped: what the header parser reads
            bytes1 c = k[i];
            if (c < 0x21 || c > 0x7e || c == '"' || c == "\\") revert InvalidKid();
        }
        if (x == 0 && y == 0) revert InvalidKey();
        bytes32 h = keccak256(k);
        PublicKey storage slot = keys[h];
        if (slot.x != 0 || slot.y != 0) revert KidTaken(kid);
        slot.x = x;
        slot.y = y;
        kids.push(kid);
        emit KeyRegistered(kid, x, y);
    }

    /// @notice The key registered under `kid`, or zeros.
    function keyOf(string calldata kid) external view returns (bytes32 x, bytes32 y) {
        PublicKey storage k = keys[keccak256(bytes(kid))];
        return (k.x, k.y);
    }

    function kidCount() external view returns (uint256) {
        return kids.length;
    }

    function kidAt(uint256 index) external view returns (string memory) {
        return kids[index];
    }

    function transferOwnership(address newOwner) external onlyOwner {
        pendingOwner = newOwner;
        emit OwnershipOffered(owner, newOwner);
    }

    function acceptOwnership() external {
        if (msg.sender != pendingOwner) revert NotPendingOwner();
        emit OwnershipTransferred(owner, msg.sender);
        owner = msg.sender;
        pendingOwner = address(0);
    }

    /// @notice Verifies an attestation token as issued (`header.payload.signature`, base64url):
    /// the header is the service's ES256 header, its kid names a registered key, the signature
    /// verifies over `header.payload` with that key, and the token has not expired
    /// (`block.timestamp < exp`). Reverts naming the failed check; returns the claims otherwise.
    function verify(string calldata token) external view returns (Attestation memory) {
        bytes calldata jwt = bytes(token);
        (uint256 dot1, uint256 dot2) = _dots(jwt);
        (string memory kid, bytes32 kidHash) = _kid(Base64Url.decode(jwt[:dot1]));
        PublicKey storage key = keys[kidHash];
        if (key.x == 0 && key.y == 0) revert UnknownKid(kid);
        bytes memory sig = Base64Url.decode(jwt[dot2 + 1:]);
        bytes32 r;
        bytes32 s;
        assembly ("memory-safe") {
            r := mload(add(sig, 0x20))
            s := mload(add(sig, 0x40))
        }
        if (!P256Verify.verify(sha256(jwt[:dot2]), r, s, key.x, key.y)) revert BadSignature();
        Attestation memory a = AttestationClaims.parse(jwt[dot1 + 1:dot2]);
        if (block.timestamp >= a.expiresAt) revert Expired(a.expiresAt, block.timestamp);
        return a;
    }

    /// The two dots: the first ends the header; the signature segment after the second has a fixed
    /// length. A dot anywhere else is refused by base64url decoding (or, inside the payload, by the
    /// signature: the service writes none there).
    function _dots(bytes calldata jwt) private pure returns (uint256 dot1, uint256 dot2) {
        if (jwt.length < SIGNATURE_SEGMENT + 3) revert MalformedToken();
        dot2 = jwt.length - SIGNATURE_SEGMENT - 1;
        if (jwt[dot2] != ".") revert MalformedToken();
        assembly ("memory-safe") {
            let start := jwt.offset
            for {} lt(dot1, dot2) { dot1 := add(dot1, 1) } {
                if eq(byte(0, calldataload(add(start, dot1))), 0x2e) { break }
            }
        }
        if (dot1 == 0 || dot1 == dot2) revert MalformedToken();
    }

    /// The kid of the one header form the service writes, `{"alg":"ES256","typ":"JWT","kid":"…"}`
    /// (any other header is refused), and its keccak256.
    function _kid(bytes memory header) private pure returns (string memory kid, bytes32 kidHash) {
        bytes memory start = HEADER_START;
        uint256 n = header.length;
        uint256 m = start.length;
        if (n < m + 3 || header[n - 2] != '"' || header[n - 1] != "}") revert UnsupportedHeader();
        bool same;
        assembly ("memory-safe") {
            // 34 bytes: one word, then two
            let a := add(header, 0x20)
            let b := add(start, 0x20)
            same := and(eq(mload(a), mload(b)), eq(shr(240, mload(add(a, 0x20))), shr(240, mload(add(b, 0x20)))))
        }
        if (!same) revert UnsupportedHeader();
        uint256 len = n - m - 2;
        kid = new string(len);
        for (uint256 i = 0; i < len; i++) {
            bytes1 c = header[m + i];
            if (c == '"' || c == "\\") revert UnsupportedHeader();
            bytes(kid)[i] = c;
        }
        kidHash = keccak256(bytes(kid));
    }
}
