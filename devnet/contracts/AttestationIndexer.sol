// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IEAS} from "@ethereum-attestation-service/eas-contracts/contracts/IEAS.sol";
import {Attestation} from "@ethereum-attestation-service/eas-contracts/contracts/Common.sol";

/// @notice Stands at Coinbase Verifications' attestation indexer address with the read the service
/// uses there: `getAttestationUid(address recipient, bytes32 schema) returns (bytes32)` (selector
/// 0xab2717dd), 0 when nothing is indexed. `indexAttestation(uid)` files an attestation under its
/// own recipient and schema, as the production indexer does; the admin may also file any uid under
/// any key, which is how the devnet builds the wrong-schema and recipient-mismatch cases.
contract AttestationIndexer {
    IEAS private immutable _eas;
    address private immutable _admin;
    mapping(address recipient => mapping(bytes32 schema => bytes32 uid)) private _latest;
    mapping(bytes32 uid => bool) private _indexed;

    event AttestationIndexed(address indexed recipient, bytes32 indexed schema, bytes32 uid);

    error InvalidAttestation();

    constructor(IEAS eas_, address admin_) {
        _eas = eas_;
        _admin = admin_;
    }

    function getEAS() external view returns (IEAS) {
        return _eas;
    }

    function getAttestationUid(address recipient, bytes32 schema) external view returns (bytes32) {
        return _latest[recipient][schema];
    }

    function indexAttestation(bytes32 uid) external {
        if (_indexed[uid]) return;
        Attestation memory a = _eas.getAttestation(uid);
        if (uid == bytes32(0) || a.uid != uid) revert InvalidAttestation();
        _indexed[uid] = true;
        _file(a.recipient, a.schema, uid);
    }

    function setAttestationUid(address recipient, bytes32 schema, bytes32 uid) external {
        require(msg.sender == _admin, "AttestationIndexer: not admin");
        _file(recipient, schema, uid);
    }

    function isAttestationIndexed(bytes32 uid) external view returns (bool) {
        return _indexed[uid];
    }

    function _file(address recipient, bytes32 schema, bytes32 uid) private {
        _latest[recipient][schema] = uid;
        emit AttestationIndexed(recipient, schema, uid);
    }
}
