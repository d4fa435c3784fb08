// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice The part of the Farcaster IdRegistry the service reads: `idOf(address) returns (uint256)`
/// (a public mapping, selector 0xd94fe832) and its inverse `custodyOf(uint256)`. Only the admin
/// registers, with an explicit fid.
contract FidRegistry {
    address private immutable _admin;
    mapping(address owner => uint256 fid) public idOf;
    mapping(uint256 fid => address custody) public custodyOf;

    event Register(address indexed to, uint256 indexed id);

    constructor(address admin_) {
        _admin = admin_;
    }

    function register(address to, uint256 fid) external {
        require(msg.sender == _admin, "FidRegistry: not admin");
        require(fid != 0 && idOf[to] == 0 && custodyOf[fid] == address(0), "FidRegistry: taken");
        idOf[to] = fid;
        custodyOf[fid] = to;
        emit Register(to, fid);
    }
}
