$d0 << EOD
460 26.583333333333332 0 376.59578474570617 0.066556 0.02006 0.004413
1920 17.13888888888889 0.25 194.13417212031288 0.27324400000000004 0.07664800000000001 0.009779999999999999
7476 46.583333333333336 0 98.89515668903535 0.898543 0.347573 0.007541
29904 27.25 0.25 50.79480534168754 2.822933 0.9207240000000001 0.007814
121036 79.25 0.896551724137931 26.693624734593165 12.406596 3.7151419999999997 0.008484
EOD
$d1 << EOD
460 112.41666666666667 0.7272727272727273 2.054425833411596 0.29128 0.0535 0.061786999999999995
1920 110.91666666666667 0.28 2.0448995710744606 1.171295 0.20416600000000001 0.221673
7476 609.9166666666666 0.76 2.0388833015025876 4.81767 0.8574649999999999 0.44790599999999997
29904 346.5833333333333 0.28 2.0464167956552117 16.222134 2.166867 0.545218
121036 1506.0833333333333 0.8461538461538461 2.0544379014079674 67.590654 10.214424999999999 0.825727
EOD
$d2 << EOD
536 5.23689138576779 0.47023809523809523 35.711177294343 0.07359600000000001 0.021307 0.08723299999999999
1978 4.649935372684188 0.4103150406504065 20.227438563209514 0.239784 0.071784 0.36267200000000005
7598 4.471223021582734 0.4125595238095238 12.141785294822125 0.8631570000000001 0.272047 2.245546
29976 4.8420050160893435 0.46338242762823767 8.203309867378138 2.33394 0.78852 5.487417
121946 5.06101450947153 0.5154393895207543 6.857530003597577 10.506939 3.281076 29.356885
EOD
$d3 << EOD
536 11.538389513108614 0.44025157232704404 2.0909112597583515 0.287731 0.053792 0.48511099999999996
1978 11.273804394657475 0.4308484551250613 2.168469372572193 1.065739 0.198093 2.9270479999999997
7598 11.249620022292026 0.43137819774141506 2.3300946183052997 3.738063 0.535986 11.132629999999999
29976 11.767946715881129 0.46885839239933647 2.6782547588370385 12.938972999999999 1.9923990000000003 32.089014999999996
121946 12.132438423768852 0.5216896921486265 3.4291818193230394 59.872377 9.38165 154.865761
EOD
set terminal pngcairo size 900,600 noenhanced
set logscale x
set xlabel 'patches (faces of both surfaces)'
set key outside right top
set grid
set output 'bv_tests_per_contact.png'
set logscale y
set ylabel 'BV tests per contact pair'
plot $d0 using 1:2 with linespoints title 'sphere_on_block aabb', $d1 using 1:2 with linespoints title 'sphere_on_block obb', $d2 using 1:2 with linespoints title 'coaxial_cylinders aabb', $d3 using 1:2 with linespoints title 'coaxial_cylinders obb'
set output 'false_positive_ratio.png'
unset logscale y
set yrange [0:1]
set ylabel 'false-positive candidates / candidates'
plot $d0 using 1:3 with linespoints title 'sphere_on_block aabb', $d1 using 1:3 with linespoints title 'sphere_on_block obb', $d2 using 1:3 with linespoints title 'coaxial_cylinders aabb', $d3 using 1:3 with linespoints title 'coaxial_cylinders obb'
set output 'tightness.png'
set autoscale y
set logscale y
set ylabel 'patch BV volume / (area x 2 x search distance)'
plot $d0 using 1:4 with linespoints title 'sphere_on_block aabb', $d1 using 1:4 with linespoints title 'sphere_on_block obb', $d2 using 1:4 with linespoints title 'coaxial_cylinders aabb', $d3 using 1:4 with linespoints title 'coaxial_cylinders obb'
set terminal pngcairo size 900,1200 noenhanced
set output 'times.png'
set multiplot layout 3,1
set ylabel 'build time, both trees (ms)'
plot $d0 using 1:5 with linespoints title 'sphere_on_block aabb', $d1 using 1:5 with linespoints title 'sphere_on_block obb', $d2 using 1:5 with linespoints title 'coaxial_cylinders aabb', $d3 using 1:5 with linespoints title 'coaxial_cylinders obb'
set ylabel 'refit time, both trees (ms)'
plot $d0 using 1:6 with linespoints title 'sphere_on_block aabb', $d1 using 1:6 with linespoints title 'sphere_on_block obb', $d2 using 1:6 with linespoints title 'coaxial_cylinders aabb', $d3 using 1:6 with linespoints title 'coaxial_cylinders obb'
set ylabel 'query time, both trees (ms)'
plot $d0 using 1:7 with linespoints title 'sphere_on_block aabb', $d1 using 1:7 with linespoints title 'sphere_on_block obb', $d2 using 1:7 with linespoints title 'coaxial_cylinders aabb', $d3 using 1:7 with linespoints title 'coaxial_cylinders obb'
unset multiplot
