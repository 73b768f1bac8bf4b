$d0 << EOD
460 26.583333333333332 0 376.59578474569946 0.06697299999999999 0.019565 0.0030199999999999997
1920 16.916666666666668 0.25 194.13389851254524 0.198294 0.079169 0.007645000000000001
7476 46.583333333333336 0 98.89520520683021 0.592179 0.189927 0.00408
29904 27.25 0.25 50.79479551697302 2.98587 0.98249 0.0072710000000000006
121036 79.08333333333333 0.896551724137931 26.69362322857078 15.186468 3.877316 0.009078000000000001
EOD
$d1 << EOD
460 112.41666666666667 0.7272727272727273 2.054425833411596 0.24607900000000002 0.067548 0.043403
1920 106.75 0.28 2.04489957107446 1.1372229999999999 0.271753 0.17444300000000001
7476 598.4166666666666 0.76 2.0388833015025876 3.7559440000000004 0.90125 0.270078
29904 360.6388888888889 0.28 2.0464167956552117 16.923814 4.898565 0.733445
121036 1482.0833333333333 0.8461538461538461 2.054437901407966 71.08479299999999 17.214612 0.772261
EOD
$d2 << EOD
536 5.334269662921348 0.47023809523809523 35.711177294342654 0.062116 0.021829 0.089079
1978 4.580137871607066 0.4103150406504065 20.22743856320907 0.15226399999999998 0.058152 0.264594
7598 4.4211672915188975 0.4125595238095238 12.141785294821808 0.49371599999999993 0.171735 1.299621
29976 4.797120480787432 0.46338242762823767 8.203311913177549 2.793552 1.0862859999999999 7.410990999999999
121946 5.109177127897004 0.5154393895207543 6.857530003596791 11.069894999999999 2.964652 27.779058
EOD
$d3 << EOD
536 11.29868913857678 0.44025157232704404 2.090911259758352 0.255982 0.080115 0.470703
1978 11.373330461008186 0.4308484551250613 2.1684693725721935 0.9846499999999999 0.208562 2.268344
7598 11.298561151079136 0.43137819774141506 2.3300946183052997 3.3387529999999996 0.909071 6.791145
29976 11.801332102971797 0.46885839239933647 2.6782547588370385 17.4539 3.5917190000000003 30.224766
121946 12.105917136021906 0.5216896921486265 3.4291818193230394 60.132393 20.043278 135.996409
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
