/** PostgreSQL stores of the commerce feature: merchants, partner keys, the token registry. */
package org.walletstate.adapters.persistence.commerce;
