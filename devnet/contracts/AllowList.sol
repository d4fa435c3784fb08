// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice Target of evm_view_call conditions: `isAllowed(address) returns (bool)`.
/// `alwaysReverts(address)` has the same shape and reverts, for read-failure tests.
contract AllowList {
    address private immutable _admin;
    mapping(address => bool) private _allowed;

    event AllowedSet(address indexed account, bool allowed);

    constructor() {
        _admin = msg.sender;
    }

    function setAllowed(address account, bool allowed) external {
        require(msg.sender == _admin, "AllowList: not admin");
        _allowed[account] = allowed;
        emit AllowedSet(account, allowed);
    }

    function isAllowed(address account) external view returns (bool) {
        return _allowed[account];
    }

    function alwaysReverts(address) external pure returns (bool) {
        revert("AllowList: always reverts");
    }
}
