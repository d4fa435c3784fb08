/** REST resources: thin translations between HTTP and the use cases. */
package org.walletstate.adapters.http.resource;
