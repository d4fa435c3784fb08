// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {IEAS} from "@ethereum-attestation-service/eas-contracts/contracts/IEAS.sol";
import {Attestation} from "@ethereum-attestation-service/eas-contracts/contracts/Common.sol";

/// @notice The read interface the service uses for compliance attestations:
/// `getAttestationUid(address recipient, bytes32 schema) returns (bytes32)` (selector 0xab2717dd),
/// 0 when nothing is indexed. `index(uid)` files an attestation under its own recipient and
/// schema (as the production indexers do); the admin may also file any uid under any key, which is
/// how the devnet builds the wrong-schema and recipient-mismatch cases.
contract AttestationIndexer {
    IEAS private immutable _eas;
    address private immutable _admin;
    mapping(address recipient => mapping(bytes32 schema => bytes32 uid)) private _uids;

    event AttestationIndexed(address indexed recipient, bytes32 indexed schema, bytes32 uid);

    constructor(IEAS eas_, address admin_) {
        _eas = eas_;
        _admin = admin_;
    }

    function getAttestationUid(address recipient, bytes32 schema) external view returns (bytes32) {
        return _uids[recipient][schema];
    }

    function index(bytes32 uid) external {
        Attestation memory a = _eas.getAttestation(uid);
        require(a.uid == uid && uid != bytes32(0), "AttestationIndexer: unknown attestation");
        _file(a.recipient, a.schema, uid);
    }

    function setAttestationUid(address recipient, bytes32 schema, bytes32 uid) external {
        require(msg.sender == _admin, "AttestationIndexer: not admin");
        _file(recipient, schema, uid);
    }

    function getEAS() external view returns (IEAS) {
        return _eas;
    }

    function _file(address recipient, bytes32 schema, bytes32 uid) private {
        _uids[recipient][schema] = uid;
        emit AttestationIndexed(recipient, schema, uid);
    }
}
