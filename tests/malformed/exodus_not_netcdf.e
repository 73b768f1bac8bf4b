CDF this is not a netCDF file at all
