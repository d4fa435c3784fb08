// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice ERC-20 whose balances are computed: holders own shares, and balanceOf is shares times
/// an index (like rebasing or interest-bearing tokens). No storage slot holds a balance, so no
/// storage proof of a balance can be given.
contract SharesToken {
    mapping(address => uint256) private _shares; // slot 0: shares, not balances
    uint256 public totalShares; // slot 1
    uint256 public index = 1.25e18; // slot 2: balance = shares * index / 1e18
    address private immutable _minter;

    string public constant name = "Devnet Staked Ether";
    string public constant symbol = "dSTK";
    uint8 public constant decimals = 18;

    constructor() {
        _minter = msg.sender;
    }

    function balanceOf(address holder) external view returns (uint256) {
        return (_shares[holder] * index) / 1e18;
    }

    function totalSupply() external view returns (uint256) {
        return (totalShares * index) / 1e18;
    }

    function mintShares(address to, uint256 shares) external {
        require(msg.sender == _minter, "SharesToken: not minter");
        _shares[to] += shares;
        totalShares += shares;
    }
}
