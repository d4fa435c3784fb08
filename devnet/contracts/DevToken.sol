// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @notice ERC-20 with chosen decimals; only the deployer mints. Balances live in OZ slot 0.
contract DevToken is ERC20 {
    uint8 private immutable _decimals;
    address private immutable _minter;

    constructor(string memory name_, string memory symbol_, uint8 decimals_) ERC20(name_, symbol_) {
        _decimals = decimals_;
        _minter = msg.sender;
    }

    function decimals() public view override returns (uint8) {
        return _decimals;
    }

    function mint(address to, uint256 amount) external {
        require(msg.sender == _minter, "DevToken: not minter");
        _mint(to, amount);
    }
}
